import { Router } from 'express';
import type { Knex } from 'knex';
import { z } from 'zod';
import type { ModerationItem } from '@circuit/shared/api/admin-moderation';
import { notFound } from '@circuit/shared/commands/domain-errors';
import { filterObject, oneOrMany, parseListQuery, sendList } from '../simple-rest';
import type { ModerationKind } from './kinds';

interface QueueRow {
  id: string;
  type: string;
  title: string;
  slug: string;
  created_by: string;
  created_at: Date | string;
  updated_at: Date | string;
  content: unknown;
  organiser_username: string | null;
  first_name: string | null;
  last_name: string | null;
}

const SORT_SQL = { submittedAt: 'q.created_at', updatedAt: 'q.updated_at', title: 'lower(q.title)', type: 'q.type' } as const;
type QueueSortField = keyof typeof SORT_SQL;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The `moderation` resource: pending listings of every registered kind, oldest first by default. */
export function moderationAdminRoutes(knex: Knex, kinds: readonly ModerationKind[], now: () => Date = () => new Date()): Router {
  const router = Router();
  const byType = new Map<string, ModerationKind>(kinds.map((k) => [k.type, k]));
  const types = kinds.map((k) => k.type) as [string, ...string[]];

  const QueueFilter = filterObject({
    type: z.preprocess((v) => (Array.isArray(v) ? v : [v]), z.array(z.enum(types, { error: `type must be one of: ${types.join(', ')}` }))).optional(),
    /** Waiting at least this many days since submission (the console's "age" filter). */
    minAgeDays: z.coerce.number().int().min(0).max(3650).optional(),
    q: z.string().trim().max(200).optional(),
    id: oneOrMany(z.string()).optional(),
  });
  type QueueFilter = z.infer<typeof QueueFilter>;

  /** One select per kind, unioned, so paging and sorting run across kinds in SQL. */
  function pending(filter: QueueFilter) {
    const chosen = kinds.filter((k) => !filter.type || filter.type.includes(k.type));
    const selects = chosen.map((k) =>
      knex(k.table)
        .select(
          'id',
          knex.raw('? as type', [k.type]),
          knex.raw('?? as title', [k.titleColumn]),
          knex.raw('?? as slug', [k.slugColumn]),
          'created_by',
          'created_at',
          'updated_at',
          'content',
        )
        .where('status', 'pending'),
    );
    const query = knex
      .from((selects.length > 0 ? knex.unionAll(selects, true) : knex.select(knex.raw('null as id')).whereRaw('false')).as('q'))
      .leftJoin('users as u', 'u.id', 'q.created_by');
    if (filter.minAgeDays !== undefined) query.where('q.created_at', '<=', new Date(now().getTime() - filter.minAgeDays * DAY_MS));
    if (filter.q) query.whereILike('q.title', `%${filter.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    if (filter.id) query.whereIn('q.id', filter.id);
    return query;
  }

  function toItem(row: QueueRow): ModerationItem {
    const kind = byType.get(row.type)!;
    const name = [row.first_name, row.last_name].filter(Boolean).join(' ');
    return {
      id: row.id,
      type: row.type,
      title: row.title,
      slug: row.slug,
      organiserId: row.created_by,
      organiserUsername: row.organiser_username,
      organiserName: name || null,
      submittedAt: new Date(row.created_at).toISOString(),
      updatedAt: new Date(row.updated_at).toISOString(),
      publicPath: kind.publicPath(row.slug),
      approvePath: kind.approvePath(row.id),
      rejectPath: kind.rejectPath(row.id),
      preview: kind.preview(row.content),
    };
  }

  const columns = ['q.*', 'u.username as organiser_username', 'u.first_name', 'u.last_name'];

  router.get('/moderation', async (req, res) => {
    const { sort, range, filter } = parseListQuery(req, {
      resource: 'moderation',
      sortable: Object.keys(SORT_SQL) as QueueSortField[],
      defaultSort: { field: 'submittedAt', order: 'asc' },
      filter: QueueFilter,
    });
    if (kinds.length === 0) return sendList(res, 'moderation', { start: range.start, rows: [], total: 0 });
    const base = pending(filter);
    const [counted] = await base.clone().count<{ total: string | number }[]>({ total: '*' });
    const rows: QueueRow[] = await base
      .clone()
      .select(columns)
      .orderByRaw(`${SORT_SQL[sort.field]} ${sort.order}, q.id asc`)
      .offset(range.start)
      .limit(range.end - range.start + 1);
    sendList(res, 'moderation', { start: range.start, rows: rows.map(toItem), total: Number(counted?.total ?? 0) });
  });

  router.get('/moderation/:id', async (req, res) => {
    const row: QueueRow | undefined = kinds.length === 0 ? undefined : await pending({ id: [req.params.id] }).select(columns).first();
    if (!row) throw notFound('This listing is not waiting for review');
    res.json(toItem(row));
  });

  return router;
}
