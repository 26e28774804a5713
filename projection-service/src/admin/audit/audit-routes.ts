import { Router } from 'express';
import type { Knex } from 'knex';
import { z } from 'zod';
import { AuditPaymentSchema, type AuditPayment, type AuditRegistration, type AuditRegistrationDetail, type RegistrationComparison } from '@circuit/shared/api/admin-audit';
import { PaymentEventSchemas as P } from '@circuit/shared/events/payments';
import { notFound, refused } from '@circuit/shared/commands/domain-errors';
import type { EventStore, RecordedEvent } from '@circuit/shared/ports/event-store';
import { userStream } from '@circuit/shared/events/accounts';
import { ERASURE_EVENT_TYPE } from '@circuit/shared/personal-data/personal-data-event-store';
import { filterObject, oneOrMany, parseListQuery, sendList } from '../simple-rest';
import { toAuditEvent } from './audit-event';
import { PAYMENT_EVENT_TYPES, scanFeed } from './feed-scan';
import { differencesOf, type RegistrationKind } from './registration-kinds';

interface RegistrationRow {
  kind: string;
  listing_id: string;
  listing_title: string | null;
  user_id: string;
  username: string | null;
  registered_at: Date | string;
  payment_status: string;
}

const SEP = '~';

/** A registration's history shows when its person was erased (docs/personal-data.md), in feed order. */
function withErasure(history: RecordedEvent[], userEvents: RecordedEvent[]): RecordedEvent[] {
  const erased = userEvents.filter((e) => e.type === ERASURE_EVENT_TYPE);
  return erased.length === 0 ? history : [...history, ...erased].sort((a, b) => (a.position < b.position ? -1 : a.position > b.position ? 1 : 0));
}
const idOf = (kind: string, listingId: string, userId: string) => [kind, listingId, userId].join(SEP);

const RegistrationFilter = filterObject({
  q: z.string().trim().max(200).optional(),
  listingId: z.string().optional(),
  userId: z.string().optional(),
  paymentStatus: z.string().optional(),
  id: oneOrMany(z.string()).optional(),
});
const REG_SORT = { registeredAt: 'registered_at', username: 'lower(username)', listingTitle: 'lower(listing_title)' } as const;

const PaymentFilter = filterObject({ status: oneOrMany(AuditPaymentSchema.shape.status).optional(), id: oneOrMany(z.string()).optional() });
const PAY_SORT = ['createdAt', 'status', 'amountMinor'] as const;

const AtQuery = z.object({ at: z.iso.datetime({ offset: true, error: 'at must be an ISO 8601 instant, like 2026-11-25T10:00:00Z' }).optional() });

/**
 * The audit views (auditors and admins, docs/decisions.md#d20-the-admin-api-speaks-ra-data-simple-rest-one-access-table): registrations with their history straight
 * from the event store and their state replayed at any moment beside today's read model, and the
 * payments reconciliation. Read-only.
 */
export function auditRoutes(knex: Knex, store: EventStore, kinds: readonly RegistrationKind[], now: () => Date = () => new Date()): Router {
  const router = Router();
  const byType = new Map<string, RegistrationKind>(kinds.map((k) => [k.type, k]));

  function registrations() {
    const parts = kinds.map((k) => k.list(knex).select(knex.raw('? as kind', [k.type])));
    return knex.from(knex.unionAll(parts, true).as('r')).leftJoin('users as u', 'u.id', 'r.user_id');
  }
  const toRecord = (row: RegistrationRow): AuditRegistration => ({
    id: idOf(row.kind, row.listing_id, row.user_id),
    type: row.kind,
    listingId: row.listing_id,
    listingTitle: row.listing_title,
    userId: row.user_id,
    username: row.username,
    registeredAt: new Date(row.registered_at).toISOString(),
    paymentStatus: row.payment_status,
  });

  function parseId(id: string) {
    const [type, listingId, userId, ...rest] = id.split(SEP);
    const kind = type ? byType.get(type) : undefined;
    if (!kind || !listingId || !userId || rest.length > 0) throw notFound('Registration not found');
    return { kind, listingId, userId };
  }

  async function compare(kind: RegistrationKind, listingId: string, userId: string, at: Date, history?: Awaited<ReturnType<RegistrationKind['history']>>): Promise<RegistrationComparison> {
    const events = history ?? (await kind.history(store, listingId, userId));
    const replayed = kind.replay(events.filter((e) => Date.parse(e.occurredAt) <= at.getTime()), userId);
    const readModel = await kind.readModel(knex, listingId, userId);
    return { at: at.toISOString(), replayed, readModel, differences: differencesOf(replayed, readModel) };
  }

  router.get('/audit/registrations', async (req, res) => {
    const { sort, range, filter } = parseListQuery(req, {
      resource: 'audit/registrations',
      sortable: Object.keys(REG_SORT) as (keyof typeof REG_SORT)[],
      defaultSort: { field: 'registeredAt', order: 'desc' },
      filter: RegistrationFilter,
    });
    const q = registrations();
    if (filter.q) {
      const like = `%${filter.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      q.where((w) => w.whereILike('u.username', like).orWhereILike('r.listing_title', like));
    }
    if (filter.listingId) q.where('r.listing_id', filter.listingId);
    if (filter.userId) q.where('r.user_id', filter.userId);
    if (filter.paymentStatus) q.where('r.payment_status', filter.paymentStatus);
    if (filter.id) {
      const keys = filter.id.map((id) => id.split(SEP));
      q.where((w) => {
        for (const [kind, listingId, userId] of keys) w.orWhere({ 'r.kind': kind ?? '', 'r.listing_id': listingId ?? '', 'r.user_id': userId ?? '' });
      });
    }
    const [counted] = await q.clone().count<{ total: string | number }[]>({ total: '*' });
    const rows: RegistrationRow[] = await q
      .clone()
      .select('r.*', 'u.username')
      .orderByRaw(`${REG_SORT[sort.field]} ${sort.order} nulls last, r.listing_id, r.user_id`)
      .offset(range.start)
      .limit(range.end - range.start + 1);
    sendList(res, 'audit/registrations', { start: range.start, rows: rows.map(toRecord), total: Number(counted?.total ?? 0) });
  });

  router.get('/audit/registrations/:id', async (req, res) => {
    const { kind, listingId, userId } = parseId(req.params.id!);
    const row: RegistrationRow | undefined = await registrations().where({ 'r.kind': kind.type, 'r.listing_id': listingId, 'r.user_id': userId }).first('r.*', 'u.username');
    if (!row) throw notFound('Registration not found');
    const history = await kind.history(store, listingId, userId);
    const shown = withErasure(history, await store.readStream(userStream(userId)));
    const detail: AuditRegistrationDetail = { ...toRecord(row), history: shown.map(toAuditEvent), current: await compare(kind, listingId, userId, now(), history) };
    res.json(detail);
  });

  router.get('/audit/registrations/:id/state', async (req, res) => {
    const { kind, listingId, userId } = parseId(req.params.id!);
    const parsed = AtQuery.safeParse(req.query);
    if (!parsed.success) throw refused(parsed.error.issues[0]?.message ?? 'Invalid moment');
    res.json(await compare(kind, listingId, userId, parsed.data.at ? new Date(parsed.data.at) : now()));
  });

  const duplicateOf = (orders: Map<string, AuditPayment>, d: { orderId: string; paymentId: string }) => orders.get(d.orderId)?.duplicates.find((x) => x.paymentId === d.paymentId);

  async function reconcile(): Promise<AuditPayment[]> {
    const orders = new Map<string, AuditPayment>();
    const refused = new Set<string>();
    for (const event of await scanFeed(store, PAYMENT_EVENT_TYPES)) {
      if (event.type === 'PaymentOrderCreated') {
        const d = P.PaymentOrderCreated.parse(event.data);
        orders.set(d.orderId, {
          id: d.orderId,
          userId: d.userId,
          username: null,
          purpose: `${d.purpose.kind} ${d.purpose.listingId}`,
          amountMinor: d.amountMinor,
          currency: d.currency,
          createdAt: new Date(d.at).toISOString(),
          verifiedPaymentIds: [],
          viaWebhook: 0,
          failures: 0,
          refundId: null,
          duplicates: [],
          status: 'unpaid',
        });
      } else if (event.type === 'PaymentVerified') {
        const d = P.PaymentVerified.parse(event.data);
        const order = orders.get(d.orderId);
        if (!order) continue;
        if (!order.verifiedPaymentIds.includes(d.paymentId)) order.verifiedPaymentIds.push(d.paymentId);
        if (d.via === 'webhook') order.viaWebhook += 1;
      } else if (event.type === 'PaymentRefunded') {
        const d = P.PaymentRefunded.parse(event.data);
        const order = orders.get(d.orderId);
        if (order) order.refundId = d.refundId;
      } else if (event.type === 'PaymentRefundRefused') {
        refused.add(P.PaymentRefundRefused.parse(event.data).orderId);
      } else if (event.type === 'PaymentDuplicateCaptured') {
        const d = P.PaymentDuplicateCaptured.parse(event.data);
        const order = orders.get(d.orderId);
        if (!order) continue;
        if (!order.verifiedPaymentIds.includes(d.paymentId)) order.verifiedPaymentIds.push(d.paymentId);
        if (d.via === 'webhook') order.viaWebhook += 1;
        order.duplicates.push({ paymentId: d.paymentId, refundId: null, refundRefused: false });
      } else if (event.type === 'PaymentDuplicateRefunded') {
        const d = P.PaymentDuplicateRefunded.parse(event.data);
        const duplicate = duplicateOf(orders, d);
        if (duplicate) duplicate.refundId = d.refundId;
      } else if (event.type === 'PaymentDuplicateRefundRefused') {
        const duplicate = duplicateOf(orders, P.PaymentDuplicateRefundRefused.parse(event.data));
        if (duplicate) duplicate.refundRefused = true;
      } else {
        const order = orders.get(P.PaymentFailed.parse(event.data).orderId);
        if (order) order.failures += 1;
      }
    }
    const all = [...orders.values()];
    for (const order of all) {
      const paid = order.verifiedPaymentIds.length;
      order.status = paid > 1 ? 'paid_twice' : order.refundId ? 'refunded' : refused.has(order.id) ? 'refund_refused' : paid === 1 ? 'paid' : order.failures > 0 ? 'failed' : 'unpaid';
    }
    const users = await knex('users').whereIn('id', [...new Set(all.map((o) => o.userId))]).select<{ id: string; username: string }[]>('id', 'username');
    const names = new Map(users.map((u) => [u.id, u.username]));
    for (const order of all) order.username = names.get(order.userId) ?? null;
    return all;
  }

  router.get('/audit/payments', async (req, res) => {
    const { sort, range, filter } = parseListQuery(req, { resource: 'audit/payments', sortable: PAY_SORT, defaultSort: { field: 'createdAt', order: 'desc' }, filter: PaymentFilter });
    let rows = await reconcile();
    if (filter.status) rows = rows.filter((o) => filter.status!.includes(o.status));
    if (filter.id) rows = rows.filter((o) => filter.id!.includes(o.id));
    const dir = sort.order === 'asc' ? 1 : -1;
    rows.sort((a, b) => (a[sort.field] < b[sort.field] ? -dir : a[sort.field] > b[sort.field] ? dir : 0));
    sendList(res, 'audit/payments', { start: range.start, rows: rows.slice(range.start, range.end + 1), total: rows.length });
  });

  router.get('/audit/payments/:id', async (req, res) => {
    const order = (await reconcile()).find((o) => o.id === req.params.id);
    if (!order) throw notFound('Order not found');
    res.json(order);
  });

  return router;
}
