/** The FileStore port: uploaded images, addressed by a public URL path. */
export interface StoredFile {
  key: string;
  /** Where browsers fetch it, e.g. /uploads/<key>. */
  url: string;
}

export interface FileStore {
  put(data: Buffer, options: { contentType: string; extension: string; prefix: string }): Promise<StoredFile>;
  get(key: string): Promise<{ data: Buffer; contentType: string } | undefined>;
  delete(key: string): Promise<void>;
  /** The files under a prefix, with when each was written. */
  list(prefix: string): Promise<{ key: string; url: string; modifiedAt: Date }[]>;
}
