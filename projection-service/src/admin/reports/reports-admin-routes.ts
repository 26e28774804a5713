import { Router } from 'express';
import type { Knex } from 'knex';
import { z } from 'zod';
import { ReportStatusSchema, type AdminReport } from '@circuit/shared/api/admin-reports';
import { notFound } from '@circuit/shared/commands/domain-errors';
import { filterObject, oneOrMany, parseListQuery, sendList } from '../simple-rest';

interface ReportRow {
  id: string;
  reporter_id: string;
  target_id: string;
  reason: string;
  status: AdminReport['status'];
  note: string | null;
  handled_by: string | null;
  handled_at: Date | string | null;
  created_at: Date | string;
  reporter_username: string | null;
  target_username: string | null;
}

const SORT_SQL = { createdAt: 'r.created_at', status: 'r.status', handledAt: 'r.handled_at' } as const;
type ReportSortField = keyof typeof SORT_SQL;

const ReportFilter = filterObject({
  status: oneOrMany(ReportStatusSchema).optional(),
  targetId: z.string().optional(),
  id: oneOrMany(z.string()).optional(),
});

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

function toReport(row: ReportRow): AdminReport {
  return {
    id: row.id,
    reason: row.reason,
    status: row.status,
    createdAt: new Date(row.created_at).toISOString(),
    reporterId: row.reporter_id,
    reporterUsername: row.reporter_username,
    targetId: row.target_id,
    targetUsername: row.target_username,
    note: row.note,
    handledBy: row.handled_by,
    handledAt: iso(row.handled_at),
  };
}

/** The `reports` resource: 'Report user' filings, open first by default through the console's filter. */
export function reportsAdminRoutes(knex: Knex): Router {
  const router = Router();
  const base = () =>
    knex('admin_report_queue as r')
      .leftJoin('users as reporter', 'reporter.id', 'r.reporter_id')
      .leftJoin('users as target', 'target.id', 'r.target_id');
  const columns = ['r.*', 'reporter.username as reporter_username', 'target.username as target_username'];

  router.get('/reports', async (req, res) => {
    const { sort, range, filter } = parseListQuery(req, {
      resource: 'reports',
      sortable: Object.keys(SORT_SQL) as ReportSortField[],
      defaultSort: { field: 'createdAt', order: 'asc' },
      filter: ReportFilter,
    });
    const q = base();
    if (filter.status) q.whereIn('r.status', filter.status);
    if (filter.targetId) q.where('r.target_id', filter.targetId);
    if (filter.id) q.whereIn('r.id', filter.id);
    const [counted] = await q.clone().count<{ total: string | number }[]>({ total: '*' });
    const rows: ReportRow[] = await q
      .clone()
      .select(columns)
      .orderByRaw(`${SORT_SQL[sort.field]} ${sort.order} nulls last, r.id asc`)
      .offset(range.start)
      .limit(range.end - range.start + 1);
    sendList(res, 'reports', { start: range.start, rows: rows.map(toReport), total: Number(counted?.total ?? 0) });
  });

  router.get('/reports/:id', async (req, res) => {
    const row: ReportRow | undefined = await base().where('r.id', req.params.id).first(columns);
    if (!row) throw notFound('Report not found');
    res.json(toReport(row));
  });
  return router;
}
