import { Router } from 'express';
import type { Knex } from 'knex';
import { requireUserId } from '@circuit/shared/http/auth';
import { ok } from '@circuit/shared/http/envelope';
import { dataExportView, type DataExportAnswer } from '@circuit/shared/api/data-export';
import { DATA_EXPORTS_TABLE } from './data-export-projection';

interface ExportRow {
  id: string;
  status: 'building' | 'ready' | 'failed';
  done: number;
  total: number;
  size_bytes: string | number | null;
  requested_at: Date;
  ready_at: Date | null;
  expires_at: Date | null;
}

const iso = (at: Date | null) => (at ? new Date(at).toISOString() : null);

/** `GET /api/users/me/data-export`: the signed-in person's latest export (expired by the server's clock once its 24 hours are over). */
export function dataExportQueryRoutes(knex: Knex, now: () => Date = () => new Date()): Router {
  const router = Router();
  router.get('/api/users/me/data-export', async (req, res) => {
    const userId = requireUserId(req);
    const row = (await knex(DATA_EXPORTS_TABLE).where({ user_id: userId }).orderBy('requested_at', 'desc').first()) as ExportRow | undefined;
    const answer: DataExportAnswer = {
      export: row
        ? dataExportView(row.id, { status: row.status, done: row.done, total: row.total, requestedAt: iso(row.requested_at)!, readyAt: iso(row.ready_at), expiresAt: iso(row.expires_at), sizeBytes: row.size_bytes === null ? null : Number(row.size_bytes) }, now())
        : null,
    };
    res.setHeader('Cache-Control', 'private, no-store');
    res.json(ok(answer));
  });
  return router;
}
