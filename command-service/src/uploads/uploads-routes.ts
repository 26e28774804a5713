import { Router } from 'express';
import type { FileStore } from '@circuit/shared/ports/file-store';

/**
 * GET /uploads/<key>: files of the FileStore. Keys are random and never reused, so browsers may
 * keep them for a year; nosniff and a no-script policy keep a stored file from being read as anything
 * but the image type it was checked to be.
 */
export function uploadsRoutes(store: FileStore): Router {
  const router = Router();
  router.get('/uploads/*key', async (req, res) => {
    const raw = (req.params as { key?: string | string[] }).key;
    const key = Array.isArray(raw) ? raw.join('/') : (raw ?? '');
    const file = await store.get(key);
    if (!file) {
      res.status(404).json({ success: false, message: 'File not found' });
      return;
    }
    res.setHeader('Content-Type', file.contentType);
    res.setHeader('Content-Length', String(file.data.length));
    res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Content-Security-Policy', "default-src 'none'; sandbox");
    res.setHeader('Cross-Origin-Resource-Policy', 'same-site');
    res.end(file.data);
  });
  return router;
}
