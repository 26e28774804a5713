import crypto from 'node:crypto';
import type { IncomingMessage, Server as HttpServer } from 'node:http';
import type { RequestHandler } from 'express';
import type { Knex } from 'knex';
import { Server, type Socket } from 'socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import { createClient } from 'redis';
import { z } from 'zod';
import type { Logger } from '@circuit/shared/logger';
import type { Bus } from '@circuit/shared/ports/bus';
import { Presence } from '@circuit/shared/presence/presence';
import { ChatTopics } from '@circuit/shared/events/messaging';

export interface RealtimeDeps {
  httpServer: HttpServer;
  session: RequestHandler;
  log: Logger;
  bus: Bus;
  knex: Knex;
  /** With a Redis URL several realtime processes share rooms (Socket.IO Redis adapter). */
  redisUrl?: string;
  heartbeatMs?: number;
}

type SessionRequest = IncomingMessage & { session?: { userId?: string } };

const PrivateMessage = z.object({
  to: z.string().uuid(),
  message: z.string(),
  replyTo: z.object({ _id: z.string().uuid() }).passthrough().nullable().optional(),
});
const Delivered = z.object({ _id: z.string(), from: z.string(), to: z.string(), message: z.string(), createdAt: z.string(), replyTo: z.unknown(), origin: z.string().optional() });
const Deleted = z.object({ messageId: z.string(), from: z.string(), to: z.string() });
const Failed = z.object({ userId: z.string(), error: z.string(), messageId: z.string().optional(), origin: z.string().optional() });
const UserTopic = z.object({ userId: z.string() });
const NotificationTopic = z.object({ userId: z.string(), notification: z.unknown() });

/**
 * Socket.IO on the session cookie (spec 1, realtime channel): a socket exists only for a
 * signed-in user and sits in the room named by that user's id, joined on every connect. Sends
 * go to the command service over the bus; what the command side stored comes back over the bus
 * and is delivered to the rooms, on whichever instance the sockets are.
 */
export async function createRealtimeService(deps: RealtimeDeps) {
  const instanceId = crypto.randomUUID();
  const presence = await Presence.create(deps.knex);
  const io = new Server(deps.httpServer, { serveClient: false, pingInterval: 25_000, transports: ['websocket', 'polling'] });
  io.engine.use(deps.session);
  io.use((socket, next) => {
    const userId = (socket.request as SessionRequest).session?.userId;
    if (!userId) return next(new Error('Not authenticated'));
    socket.data.userId = userId;
    next();
  });

  const redisClients: { quit(): Promise<unknown> }[] = [];
  if (deps.redisUrl) {
    const pub = createClient({ url: deps.redisUrl });
    const sub = pub.duplicate();
    await Promise.all([pub.connect(), sub.connect()]);
    io.adapter(createAdapter(pub, sub));
    redisClients.push(pub, sub);
  }

  const connectionsOf = async (userId: string): Promise<string[]> =>
    (await deps.knex('user_connections').where({ user_id: userId }).select('other_id')).map((r: { other_id: string }) => r.other_id);

  async function unreadCounts(userId: string) {
    const rows: { from_id: string; count: number }[] = await deps.knex('chat_unread').where({ user_id: userId }).andWhere('count', '>', 0);
    const unreadCounts = Object.fromEntries(rows.map((r) => [r.from_id, r.count]));
    return { unreadCounts, total: rows.reduce((sum, r) => sum + r.count, 0) };
  }

  async function announcePresence(userId: string, event: 'user_online' | 'user_offline') {
    const connections = await connectionsOf(userId);
    if (connections.length > 0) io.to(connections).emit(event, userId);
  }

  // Work started by sockets; stop() waits for it before the caller closes the database pool.
  const inFlight = new Set<Promise<unknown>>();
  let stopping = false;

  io.on('connection', (socket: Socket) => {
    const userId = socket.data.userId as string;
    void socket.join(userId);
    const log = deps.log.child({ userId, socketId: socket.id });
    const safely = (what: string, work: () => Promise<unknown>) => {
      const running: Promise<unknown> = work()
        .catch((err: unknown) => log.error({ err }, `${what} failed`))
        .finally(() => inFlight.delete(running));
      inFlight.add(running);
    };

    safely('presence', async () => {
      const wasOnline = await presence.isOnline(userId);
      await presence.connected(socket.id, userId, instanceId);
      if (!wasOnline) await announcePresence(userId, 'user_online');
    });

    // The client names its own id; the server only ever trusts the session's.
    socket.on('join', () => void socket.join(userId));
    socket.on('ping', (ack?: unknown) => {
      if (typeof ack === 'function') (ack as (v: string) => void)('pong');
    });

    socket.on('private_message', (payload: unknown) => {
      const parsed = PrivateMessage.safeParse(payload);
      if (!parsed.success) {
        socket.emit('message_error', 'Message could not be sent: invalid message');
        return;
      }
      safely('send', () =>
        deps.bus.publish(ChatTopics.sendRequested, {
          messageId: crypto.randomUUID(),
          from: userId,
          to: parsed.data.to,
          message: parsed.data.message,
          replyTo: parsed.data.replyTo ? { _id: parsed.data.replyTo._id } : null,
          correlationId: socket.id,
          origin: instanceId,
        }),
      );
    });

    socket.on('refresh_unread_counts', () => safely('unread counts', async () => socket.emit('unread_count_update', await unreadCounts(userId))));

    socket.on('check_online', (target: unknown, ack?: unknown) => {
      if (typeof ack !== 'function') return;
      const parsed = z.string().uuid().safeParse(target);
      if (!parsed.success) return (ack as (v: boolean) => void)(false);
      safely('check online', async () => (ack as (v: boolean) => void)(await presence.isOnline(parsed.data)));
    });

    socket.on('disconnect', () => {
      // Shutting down: forgetInstance below removes every socket of this instance at once.
      if (stopping) return;
      safely('presence', async () => {
        await presence.disconnected(socket.id);
        if (!(await presence.isOnline(userId))) await announcePresence(userId, 'user_offline');
      });
    });
  });

  /**
   * Every instance hears every bus message. The outcome of a socket's send is broadcast by the
   * instance it came from, through the adapter (Redis) to sockets anywhere; everything else each
   * instance hands to its own sockets only, so nobody receives a message twice.
   */
  const roomsFor = (rooms: string[], origin: string | undefined) =>
    origin === undefined ? io.local.to(rooms) : origin === instanceId ? io.to(rooms) : undefined;

  const unsubscribe = await Promise.all([
    deps.bus.subscribe(ChatTopics.delivered, (payload) => {
      const m = Delivered.safeParse(payload);
      if (!m.success) return;
      const { origin, ...message } = m.data;
      roomsFor([message.to, message.from], origin)?.emit('private_message', message);
    }),
    deps.bus.subscribe(ChatTopics.deleted, (payload) => {
      const d = Deleted.safeParse(payload);
      if (d.success) roomsFor([d.data.to, d.data.from], undefined)?.emit('message_deleted', d.data.messageId);
    }),
    deps.bus.subscribe(ChatTopics.failed, (payload) => {
      const f = Failed.safeParse(payload);
      if (f.success) roomsFor([f.data.userId], f.data.origin)?.emit('message_error', f.data.error);
    }),
    deps.bus.subscribe(ChatTopics.unreadChanged, async (payload) => {
      const u = UserTopic.safeParse(payload);
      if (u.success) io.local.to(u.data.userId).emit('unread_count_update', await unreadCounts(u.data.userId));
    }),
    deps.bus.subscribe('notifications', (payload) => {
      const n = NotificationTopic.safeParse(payload);
      if (n.success) io.local.to(n.data.userId).emit('new_notification', n.data.notification);
    }),
  ]);

  const heartbeat = setInterval(() => {
    presence.heartbeat(instanceId).catch((err: unknown) => deps.log.warn({ err }, 'presence heartbeat failed'));
  }, deps.heartbeatMs ?? 30_000);
  heartbeat.unref();

  return {
    io,
    instanceId,
    /** Stops accepting, closes every socket, waits for the work they started, then forgets this instance's presence. */
    async stop() {
      stopping = true;
      clearInterval(heartbeat);
      await Promise.all(unsubscribe.map((u) => u()));
      await new Promise<void>((resolve) => io.close(() => resolve()));
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
      await presence.forgetInstance(instanceId).catch((err: unknown) => deps.log.warn({ err }, 'could not clear presence at shutdown'));
      await Promise.all(redisClients.map((c) => c.quit().catch(() => undefined)));
    },
  };
}
export type RealtimeService = Awaited<ReturnType<typeof createRealtimeService>>;
