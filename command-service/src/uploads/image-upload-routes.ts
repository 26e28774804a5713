import { Router } from 'express';
import { z } from 'zod';
import { ok } from '@circuit/shared/http/envelope';
import { requireUserId } from '@circuit/shared/http/auth';
import type { ApiRegistration } from '@circuit/shared/http/openapi/contract';
import type { FileStore } from '@circuit/shared/ports/file-store';
import { answerTooLarge, receiveImage } from './image-upload';

/** The spec's "direct image upload" (multipart, field `file`, answers data.image): listing banners and organisation logos. */
export const IMAGE_UPLOAD_PATH = '/api/upload/image';

export const UploadedListingImageSchema = z.strictObject({ image: z.string().meta({ description: 'The URL to put in the form' }) }).meta({ id: 'UploadedListingImage' });

export function imageUploadRoutes(fileStore: FileStore): Router {
  const router = Router();
  router.post(IMAGE_UPLOAD_PATH, async (req, res) => {
    requireUserId(req);
    try {
      const file = await receiveImage(req, res, 'file', fileStore, 'listings');
      res.json(ok({ image: file.url }, 'Image uploaded'));
    } catch (error) {
      if (!answerTooLarge(error, res)) throw error;
    }
  });
  return router;
}

export const imageUploadOpenApi: ApiRegistration = (api) => {
  api.route({
    method: 'post',
    path: IMAGE_UPLOAD_PATH,
    tag: 'Uploads',
    summary: 'Upload an image for a listing (banner, organisation logo); its URL goes in the form',
    auth: 'session',
    command: false,
    body: { multipart: 'file', description: 'The image file (PNG, JPEG, GIF or WebP; at most 5 MB)' },
    ok: { data: UploadedListingImageSchema, message: 'Image uploaded' },
    errors: { 400: 'No file, or not an image', 413: 'The image is larger than 5 MB' },
  });
};
