import { Router } from 'express';
import { z } from 'zod';
import { ok } from '@circuit/shared/http/envelope';
import { requireUserId } from '@circuit/shared/http/auth';
import { correlationIdOf } from '@circuit/shared/http/correlation';
import type { DataExportService } from './export-service';

export const ExportIdSchema = z.string().uuid('There is no such copy of your data');

/** Asking for a copy of one's data, and its download (export-openapi.ts); the latest export's state is the projection service's GET. */
export function dataExportRoutes(exports: DataExportService): Router {
  const router = Router();

  router.post('/api/users/me/data-export', async (req, res) => {
    const userId = requireUserId(req);
    const answer = await exports.request(userId, { userId, correlationId: correlationIdOf(req) });
    res.status(201).json(ok(answer, 'We are preparing a copy of your data. We will e-mail you when it is ready.'));
  });

  // A GET on the command side, as the uploads are: the archive is in the command service's export store.
  router.get('/api/users/me/data-export/:exportId/download', async (req, res) => {
    const userId = requireUserId(req);
    const file = await exports.download(userId, ExportIdSchema.parse(req.params.exportId));
    res.setHeader('Content-Type', 'application/zip');
    res.setHeader('Content-Length', String(file.data.length));
    res.setHeader('Content-Disposition', `attachment; filename="${file.fileName}"`);
    res.setHeader('Cache-Control', 'private, no-store');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.end(file.data);
  });

  return router;
}
