import { z } from 'zod';

/** A copy of the person's data as they see it: `GET /api/users/me/data-export` (the latest) and the POST that asks for one. */
export const DataExportSchema = z
  .strictObject({
    id: z.string(),
    /** expired: was ready, and its 24 hours are over (the file is deleted). */
    status: z.enum(['building', 'ready', 'failed', 'expired']),
    /** Sections in the archive so far, of `total`. */
    done: z.number().int(),
    total: z.number().int(),
    requestedAt: z.string(),
    readyAt: z.string().nullable(),
    expiresAt: z.string().nullable(),
    sizeBytes: z.number().int().nullable(),
    /** Only while it may be downloaded (signed in as its owner). */
    downloadUrl: z.string().nullable(),
  })
  .meta({ id: 'DataExport' });
export type DataExport = z.infer<typeof DataExportSchema>;

export const DataExportAnswerSchema = z.strictObject({ export: z.union([DataExportSchema, z.null()]).meta({ description: 'null until you first ask for one' }) }).meta({ id: 'DataExportAnswer' });
export type DataExportAnswer = z.infer<typeof DataExportAnswerSchema>;

export const dataExportDownloadPath = (exportId: string) => `/api/users/me/data-export/${encodeURIComponent(exportId)}/download`;

/** The ZIP's file name as the browser saves it. */
export const dataExportFileName = (requestedAt: string) => `circuit-data-${requestedAt.slice(0, 10)}.zip`;

/** What an export shows its owner at `now`: a ready one past its expiresAt is expired and has no link. */
export function dataExportView(
  id: string,
  record: { status: 'building' | 'ready' | 'failed'; done: number; total: number; requestedAt: string; readyAt?: string | null; expiresAt?: string | null; sizeBytes?: number | null },
  now: Date,
): DataExport {
  const expired = record.status === 'ready' && !!record.expiresAt && now.getTime() >= Date.parse(record.expiresAt);
  const status = expired ? 'expired' : record.status;
  return {
    id,
    status,
    done: record.done,
    total: record.total,
    requestedAt: record.requestedAt,
    readyAt: record.readyAt ?? null,
    expiresAt: record.expiresAt ?? null,
    sizeBytes: record.sizeBytes ?? null,
    downloadUrl: status === 'ready' ? dataExportDownloadPath(id) : null,
  };
}
