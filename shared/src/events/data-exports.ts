import { z } from 'zod';

/**
 * A person's copies of their data ("Download my data") on `data-exports-<userId>`: asked for,
 * built section by section, then ready (a ZIP in the export store for 24 hours) or failed. One is
 * built at a time. Nothing here is personal: ids, counts, instants and the file's random key.
 */
export const DataExportEventSchemas = {
  DataExportRequested: z.object({ exportId: z.string(), userId: z.string(), at: z.string() }),
  /** `done` of `total` sections are in the archive. */
  DataExportProgressed: z.object({ exportId: z.string(), userId: z.string(), done: z.number().int().nonnegative(), total: z.number().int().positive(), at: z.string() }),
  DataExportReady: z.object({ exportId: z.string(), userId: z.string(), fileKey: z.string(), sizeBytes: z.number().int().nonnegative(), expiresAt: z.string(), at: z.string() }),
  DataExportFailed: z.object({ exportId: z.string(), userId: z.string(), reason: z.string(), at: z.string() }),
} as const;

export const dataExportStream = (userId: string) => `data-exports-${userId}`;

/** How long a ready export may be downloaded; the sweep deletes its file after that. */
export const DATA_EXPORT_VALID_MS = 24 * 60 * 60 * 1000;
