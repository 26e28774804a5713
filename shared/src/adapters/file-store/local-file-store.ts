import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FileStore, StoredFile } from '../../ports/file-store';

const CONTENT_TYPES: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp', zip: 'application/zip' };
/** A stored file's key: `<prefix>/<uuid>.<extension>` (nothing else is ever read or written, so no path leaves the directory). */
export const FILE_KEY = /^[a-z-]+\/[0-9a-f-]{36}\.(png|jpg|gif|webp|zip)$/;

/** Files in a local directory: DATA_DIR/uploads, served at /uploads/<key>, and DATA_DIR/data-exports, served to their owner only. */
export class LocalFileStore implements FileStore {
  constructor(private readonly dir: string) {}

  async put(data: Buffer, options: { contentType: string; extension: string; prefix: string }): Promise<StoredFile> {
    const key = `${options.prefix}/${crypto.randomUUID()}.${options.extension}`;
    const file = path.join(this.dir, key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(file, data);
    return { key, url: `/uploads/${key}` };
  }

  async get(key: string): Promise<{ data: Buffer; contentType: string } | undefined> {
    if (!FILE_KEY.test(key)) return undefined;
    try {
      const data = await fs.readFile(path.join(this.dir, key));
      return { data, contentType: CONTENT_TYPES[key.split('.').pop() ?? ''] ?? 'application/octet-stream' };
    } catch {
      return undefined;
    }
  }

  async list(prefix: string): Promise<{ key: string; url: string; modifiedAt: Date }[]> {
    const dir = path.join(this.dir, prefix);
    const names = await fs.readdir(dir).catch(() => [] as string[]);
    const files = await Promise.all(
      names.map(async (name) => {
        const key = `${prefix}/${name}`;
        if (!FILE_KEY.test(key)) return undefined;
        const stat = await fs.stat(path.join(dir, name)).catch(() => undefined);
        return stat?.isFile() ? { key, url: `/uploads/${key}`, modifiedAt: stat.mtime } : undefined;
      }),
    );
    return files.filter((f): f is { key: string; url: string; modifiedAt: Date } => f !== undefined);
  }

  async delete(key: string): Promise<void> {
    if (!FILE_KEY.test(key)) return;
    await fs.rm(path.join(this.dir, key), { force: true });
  }
}
