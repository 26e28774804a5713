import type { Request, Response } from 'express';
import multer from 'multer';
import { refused } from '@circuit/shared/commands/domain-errors';
import { MAX_IMAGE_BYTES, sniffImage } from '@circuit/shared/profiles/image-type';
import type { FileStore, StoredFile } from '@circuit/shared/ports/file-store';

export const UploadMessages = {
  tooLarge: 'Image must be 5MB or less',
  notAnImage: 'Please upload a PNG, JPG, GIF or WebP image',
  missing: 'Please choose an image to upload',
  malformed: 'The upload is not a well-formed multipart/form-data request. Please choose the image again.',
} as const;

/** Too large for the 5 MB limit: answered 413 (DomainError has no 413; the route answers it itself). */
export class ImageTooLargeError extends Error {
  readonly status = 413;
  constructor() {
    super(UploadMessages.tooLarge);
  }
}

const parsers = new Map<string, ReturnType<multer.Multer['single']>>();

function parserFor(field: string) {
  let parser = parsers.get(field);
  if (!parser) {
    parser = multer({
      storage: multer.memoryStorage(),
      limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 10, parts: 12 },
    }).single(field);
    parsers.set(field, parser);
  }
  return parser;
}

/**
 * Reads the one image of a multipart request (in memory, at most 5 MB), checks by its bytes that
 * it is a PNG, JPEG, GIF or WebP (never by its name or declared type) and stores it.
 */
export async function receiveImage(req: Request, res: Response, field: string, store: FileStore, prefix: string): Promise<StoredFile> {
  await new Promise<void>((resolve, reject) => {
    parserFor(field)(req, res, (error: unknown) => {
      if (!error) return resolve();
      if (error instanceof multer.MulterError) {
        if (error.code === 'LIMIT_FILE_SIZE') return reject(new ImageTooLargeError());
        if (error.code === 'LIMIT_UNEXPECTED_FILE') return reject(refused(`Please upload the image in the field "${field}"`));
        return reject(refused(UploadMessages.missing));
      }
      // Anything else comes from the multipart parser (busboy): no boundary, a truncated body, bad
      // part headers. All are the client's malformed request, never a server failure.
      reject(refused(UploadMessages.malformed));
    });
  });
  const file = req.file;
  if (!file?.buffer || file.buffer.length === 0) throw refused(UploadMessages.missing);
  const type = sniffImage(file.buffer);
  if (!type) throw refused(UploadMessages.notAnImage);
  return store.put(file.buffer, { contentType: type.contentType, extension: type.extension, prefix });
}

/** Answers the 413 itself and lets every other failure go to the error handler. */
export function answerTooLarge(error: unknown, res: Response): boolean {
  if (!(error instanceof ImageTooLargeError)) return false;
  res.status(413).json({ success: false, message: error.message });
  return true;
}

/** The FileStore key of one of our own upload URLs (`/uploads/<key>`), else undefined. */
export function uploadKeyOf(url: string | null | undefined): string | undefined {
  return url?.startsWith('/uploads/') ? url.slice('/uploads/'.length) : undefined;
}
