import { createHash, type Hash } from 'node:crypto';
import { z } from 'zod';
import { FILE_KEY } from '@circuit/shared/adapters/file-store/local-file-store';

/**
 * A backup file: gzip'd NDJSON, the same from PGlite and from Postgres.
 *
 *   line 1        the header: format, version, and each table with its columns and row count
 *   then          each table's rows in the header's order, one row per line as Postgres's own
 *                 row_to_json wrote it (numbers, jsonb and timestamps exactly as stored: they
 *                 never pass through JavaScript numbers or dates)
 *   then          the uploaded files, one per line (key and base64 content)
 *   last line     the trailer: how many lines came before it and their SHA-256
 */
export const BACKUP_FORMAT = 'circuit-backup';
export const BACKUP_VERSION = 1;

export const BackupHeaderSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  version: z.literal(BACKUP_VERSION),
  createdAt: z.string().datetime(),
  tables: z.array(z.object({ name: z.string().regex(/^[a-z_][a-z0-9_]*$/), columns: z.array(z.string().regex(/^[a-z_][a-z0-9_]*$/)).min(1), rows: z.number().int().nonnegative() })),
  files: z.number().int().nonnegative(),
});
export type BackupHeader = z.infer<typeof BackupHeaderSchema>;

export const BackupFileSchema = z.object({ key: z.string().regex(FILE_KEY), data: z.string().base64() });
export type BackupFile = z.infer<typeof BackupFileSchema>;

export const BackupTrailerSchema = z.object({ end: z.literal(true), lines: z.number().int().positive(), sha256: z.string().regex(/^[0-9a-f]{64}$/) });
export type BackupTrailer = z.infer<typeof BackupTrailerSchema>;

/** The trailer's checksum: SHA-256 of every line before it, each with its newline. */
export class LineChecksum {
  private readonly hash: Hash = createHash('sha256');
  lines = 0;

  add(line: string): string {
    const withNewline = `${line}\n`;
    this.hash.update(withNewline);
    this.lines += 1;
    return withNewline;
  }

  trailer(): BackupTrailer {
    return { end: true, lines: this.lines, sha256: this.hash.digest('hex') };
  }
}

/** A backup that cannot be made or restored as asked: said plainly, and nothing was changed. */
export class BackupRefused extends Error {}
