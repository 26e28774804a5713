import { Router } from 'express';
import type { Knex } from 'knex';
import { z } from 'zod';
import { ok } from '@circuit/shared/http/envelope';
import { notFound, refused } from '@circuit/shared/commands/domain-errors';
import { requireUserId } from '@circuit/shared/http/auth';
import { toUserSummary, type UserRow } from '@circuit/shared/read-models/users';
import type { Presence } from '@circuit/shared/presence/presence';
import { isOnlineFor } from '@circuit/shared/presence/online-visibility';
import { SOCIAL_TABLES } from '@circuit/shared/read-models/social';

const Id = z.string().uuid();
export const ChatQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  before: z.string().uuid().optional(),
});

interface MessageRow {
  id: string;
  from_id: string;
  to_id: string;
  message: string;
  reply_to: { _id: string; message: string; from: string } | null;
  created_at: Date | string;
  position: number | string;
}

const toMessage = (r: MessageRow) => ({
  _id: r.id,
  from: r.from_id,
  to: r.to_id,
  message: r.message,
  createdAt: new Date(r.created_at).toISOString(),
  replyTo: r.reply_to,
});

const conversationId = (a: string, b: string) => (a < b ? `conversation-${a}-${b}` : `conversation-${b}-${a}`);

function parseId(value: string | undefined, message: string): string {
  const id = Id.safeParse(value);
  if (!id.success) throw refused(message);
  return id.data;
}

/** History, threads, unread counts and presence of private messaging. */
export function messagingQueryRoutes(knex: Knex, presence: Presence): Router {
  const router = Router();

  router.get('/api/users/messages/threads', async (req, res) => {
    const me = requireUserId(req);
    // The newest message of each conversation the user is in, newest conversation first.
    const latest: (MessageRow & { partner_id: string })[] = await knex
      .select('*')
      .from(
        knex('chat_messages')
          .distinctOn('conversation_id')
          .select('*', knex.raw('case when from_id = ? then to_id else from_id end as partner_id', [me]))
          .where((q) => q.where({ from_id: me }).orWhere({ to_id: me }))
          .whereNull('deleted_at')
          .orderBy([{ column: 'conversation_id' }, { column: 'position', order: 'desc' }])
          .as('latest'),
      )
      .orderBy('position', 'desc');
    const partners: UserRow[] = await knex('users').whereIn('id', latest.map((m) => m.partner_id));
    const unread: { from_id: string; count: number }[] = await knex('chat_unread').where({ user_id: me });
    const byId = new Map(partners.map((u) => [u.id, u]));
    const unreadBy = new Map(unread.map((u) => [u.from_id, u.count]));
    const data = latest.flatMap((m) => {
      const user = byId.get(m.partner_id);
      if (!user) return [];
      return [{ user: toUserSummary(user), lastMessage: { message: m.message, createdAt: new Date(m.created_at).toISOString(), from: m.from_id }, unreadCount: unreadBy.get(m.partner_id) ?? 0 }];
    });
    res.json(ok(data));
  });

  router.get('/api/users/unread-count', async (req, res) => {
    const me = requireUserId(req);
    const [row] = await knex('chat_unread').where({ user_id: me }).sum<{ total: number | string | null }[]>('count as total');
    res.json(ok({ count: Number(row?.total ?? 0) }));
  });

  router.get('/api/users/unread-counts', async (req, res) => {
    const me = requireUserId(req);
    const rows: { from_id: string; count: number }[] = await knex('chat_unread').where({ user_id: me }).andWhere('count', '>', 0);
    res.json(ok(Object.fromEntries(rows.map((r) => [r.from_id, r.count]))));
  });

  router.get('/api/users/online-status', async (req, res) => {
    const me = requireUserId(req);
    // Connections only, and none across a block either way.
    const connections: { other_id: string }[] = await knex(`${SOCIAL_TABLES.connections} as c`)
      .where('c.user_id', me)
      .whereNotExists((q) =>
        q
          .from(SOCIAL_TABLES.blocks)
          .whereRaw('(blocker_id = c.user_id and blocked_id = c.other_id) or (blocker_id = c.other_id and blocked_id = c.user_id)'),
      )
      .select('c.other_id');
    const ids = connections.map((c) => c.other_id);
    const online = await presence.onlineAmong(ids);
    res.json(ok(Object.fromEntries(ids.map((id) => [id, online.has(id)]))));
  });

  router.get('/api/users/:id/online-status', async (req, res) => {
    const me = requireUserId(req);
    const id = parseId(req.params.id, 'Invalid user id');
    // Whom someone else may not see online looks offline to them, never "hidden".
    res.json(ok({ userId: id, isOnline: await isOnlineFor(knex, presence, me, id) }));
  });

  router.get('/api/users/:id/chat', async (req, res) => {
    const me = requireUserId(req);
    const other = parseId(req.params.id, 'Invalid user id');
    const query = ChatQuery.safeParse(req.query);
    if (!query.success) throw refused('Invalid chat query');
    const conversation = conversationId(me, other);
    const page = knex('chat_messages').where('conversation_id', conversation).whereNull('deleted_at');
    if (query.data.before) {
      const cursor = await knex('chat_messages').where({ id: query.data.before, conversation_id: conversation }).first<{ position: number | string } | undefined>('position');
      if (!cursor) throw notFound('Message not found');
      page.andWhere('position', '<', cursor.position);
    }
    // One extra row tells whether an older page exists.
    const rows: MessageRow[] = await page.orderBy('position', 'desc').limit(query.data.limit + 1);
    const hasMore = rows.length > query.data.limit;
    const messages = rows.slice(0, query.data.limit).reverse().map(toMessage);
    res.json({ success: true, data: messages, hasMore });
  });

  return router;
}
