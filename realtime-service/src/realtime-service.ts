import crypto from 'node:crypto';
import type { IncomingMessage, Server as HttpServer } from 'node:http';
import type { RequestHandler } from 'express';
import type { Knex } from 'knex';
import { Server, type Socket } from 'socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import { resilientRedisClient } from '@circuit/shared/adapters/redis/redis-client';
import { z } from 'zod';
import type { Config, TrustProxy } from '@circuit/shared/config';
import type { Logger } from '@circuit/shared/logger';
import { baselineHeaders, cameOverHttps, HSTS } from '@circuit/shared/http/app';
import { SESSION_CACHE_MS, SessionStore, SessionTopics, SessionsEnded } from '@circuit/shared/http/session';
import { LeasedRateCounterStore, leasesByKind } from '@circuit/shared/http/leased-rate-counters';
import {
  DEFAULT_USER_RATE_RULES,
  LocalRateCounter,
  MESSAGES_RATE_LIMITED_MESSAGE,
  RATE_LIMITED_MESSAGE,
  selectRateCounterStore,
  UserRateLimiter,
} from '@circuit/shared/http/user-rate-limit';
import type { RateLimitedEvent } from '@circuit/shared/realtime/socket-errors';
import { isOnlineFor } from '@circuit/shared/presence/online-visibility';
import type { Bus } from '@circuit/shared/ports/bus';
import { Presence } from '@circuit/shared/presence/presence';
import { ChatTopics } from '@circuit/shared/events/messaging';
import { chatMessageId } from '@circuit/shared/messaging/message-id';
import { selectSocketSlots, type HeldSocket } from './socket-slots';
import { RecentIds } from './recent-ids';
import { unreadCountReader } from './unread-counts';
import { communityRealtime } from './community-realtime';
import { coalesceWrites } from './coalesced-writes';
import { quizRealtime } from './quiz-realtime';
import { refuseUnstorablePayload } from './refused-payloads';

export interface RealtimeDeps {
  httpServer: HttpServer;
  session: RequestHandler;
  log: Logger;
  bus: Bus;
  knex: Knex;
  /** With a Redis URL several realtime processes share rooms (Socket.IO Redis adapter). */
  redisUrl?: string;
  heartbeatMs?: number;
  /** Browser pages allowed to open a socket (besides the host's own origin): PUBLIC_URL. */
  allowedOrigins: string[];
  /** Sockets one user may hold open over all instances (SOCKETS_PER_USER). */
  socketsPerUser?: number;
  /** Chat messages one user may send per 10 seconds (RATE_LIMIT_MESSAGES). */
  messagesPer10s?: number;
  /** Adds HSTS to the handshake answers (production). */
  production?: boolean;
  /** Whose X-Forwarded-Proto to believe (TRUST_PROXY): a handshake that came over https is pinned to it. */
  trustProxy?: TrustProxy;
  /** A busy community room's hand-outs of new messages are this far apart at least (COMMUNITY_ROOM_PACE_MS). */
  communityRoomPaceMs?: number;
}

type SessionRequest = IncomingMessage & { session?: { userId?: string }; sessionID?: string; sessionStore?: unknown };

/** The deps a process takes from its configuration. */
export function realtimeSettings(config: Pick<Config, 'publicUrl' | 'SOCKETS_PER_USER' | 'RATE_LIMIT_MESSAGES' | 'NODE_ENV' | 'COMMUNITY_ROOM_PACE_MS' | 'trustProxy'>) {
  return {
    allowedOrigins: [config.publicUrl],
    socketsPerUser: config.SOCKETS_PER_USER,
    messagesPer10s: config.RATE_LIMIT_MESSAGES,
    communityRoomPaceMs: config.COMMUNITY_ROOM_PACE_MS,
    production: config.NODE_ENV === 'production',
    trustProxy: config.trustProxy,
  } satisfies Partial<RealtimeDeps>;
}

export type { RateLimitedEvent };

export const TOO_MANY_SOCKETS = 'Too many open connections. Close another tab and try again.';
export const FLOOD_DISCONNECTED = 'Too many requests: this connection was closed. Reload the page to reconnect.';
/** How long one user's next message waits for the outcome of the previous one at most. */
const SEND_TURN_MS = 5000;
/** The pause between the messages of a user's backlog (never felt by someone typing). */
const SEND_BACKLOG_GAP_MS = 100;
/** Refusals of one kind a socket hears per window; the rest of a flood is dropped in silence. */
const REFUSALS_TOLD_PER_WINDOW = 10;
/** A user whose sockets send this many times their allowance in one window is cut off. */
const FLOOD_FACTOR = 5;
export const ORIGIN_REFUSED = 'Origin not allowed';
/** A repeat comes within a consumer-group rebalance of the first (seconds); this covers minutes of a busy instance. */
const OUTCOMES_REMEMBERED = 5000;
const OUTCOMES_REMEMBERED_MS = 10 * 60_000;
/**
 * Units of a user's message allowance this instance takes from the shared count at once. Each
 * message counted on its own cost a round trip on the way of every message; taken five at a time
 * (the allowance is 30 per 10 s), someone chatting pays it about once per window. A user with
 * sockets on several instances may be refused up to four messages early per other instance.
 */
const MESSAGE_UNITS_TAKEN = 5;
/** A session whose sockets sent nothing for this long is no longer checked ahead of its next event. */
const SESSION_BUSY_MS = 30_000;

/**
 * Whether a handshake may go on: a browser names its page's origin, which must be PUBLIC_URL or
 * the very host it talks to (a page on another port of the same host is another origin). Clients
 * that send no Origin are not browsers and carry no ambient cookie.
 */
export function originAllowed(req: IncomingMessage, allowedOrigins: string[]): boolean {
  const origin = req.headers.origin;
  if (origin === undefined) return true;
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    return false;
  }
  if (allowedOrigins.some((o) => new URL(o).origin === parsed.origin)) return true;
  return (parsed.protocol === 'http:' || parsed.protocol === 'https:') && parsed.host === req.headers.host;
}

const PrivateMessage = z.object({
  to: z.string().uuid(),
  message: z.string(),
  replyTo: z.object({ _id: z.string().uuid() }).passthrough().nullable().optional(),
  /** The client's id for the message, kept across its retries: the message is stored once. */
  clientMessageId: z.string().uuid().optional(),
});
const Delivered = z.object({
  _id: z.string(),
  from: z.string(),
  to: z.string(),
  message: z.string(),
  createdAt: z.string(),
  replyTo: z.unknown(),
  clientMessageId: z.string().optional(),
  origin: z.string().optional(),
});
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
  const io = new Server(deps.httpServer, {
    serveClient: false,
    pingInterval: 25_000,
    transports: ['websocket', 'polling'],
    allowRequest: (req, callback) => {
      const allowed = originAllowed(req, deps.allowedOrigins);
      callback(allowed ? null : ORIGIN_REFUSED, allowed);
    },
  });
  // A room's burst goes out in one write per socket per turn of the event loop, not one per message.
  coalesceWrites(io);
  // The same hardening headers as every HTTP answer, on the handshake and polling answers too.
  const headers = baselineHeaders({ production: deps.production ?? false });
  const overHttps = cameOverHttps(deps.trustProxy ?? 'loopback');
  const addHeaders = (answer: Record<string, string | string[] | undefined>, req: IncomingMessage) => Object.assign(answer, headers, overHttps(req) ? HSTS : {});
  io.engine.on('initial_headers', addHeaders);
  io.engine.on('headers', addHeaders);
  io.engine.use(deps.session);
  const community = communityRealtime(io, deps.knex, { roomPostsIntervalMs: deps.communityRoomPaceMs });
  const quizzes = quizRealtime(io, deps.knex);

  // Work started by sockets; stop() waits for it before the caller closes the database pool.
  const inFlight = new Set<Promise<unknown>>();
  const trackWork = (work: Promise<unknown>) => {
    inFlight.add(work);
    void work.finally(() => inFlight.delete(work));
  };
  let stopping = false;

  const socketsPerUser = deps.socketsPerUser ?? 20;
  const slots = selectSocketSlots(presence, deps.redisUrl, deps.log);
  /** Sockets of each user on this instance, counted before any await: a burst on one instance is refused without a round trip. */
  const localSockets = new Map<string, number>();
  const releaseLocal = (userId: string) => {
    const left = (localSockets.get(userId) ?? 1) - 1;
    if (left > 0) localSockets.set(userId, left);
    else localSockets.delete(userId);
  };
  /** The admitted sockets of this instance, for the heartbeat and the release at shutdown. */
  const held = new Map<string, HeldSocket>();
  // Messages count in the store every instance (and the command side) shares; the other events per instance.
  // A user's messages are counted a few at a time: one round trip per MESSAGE_UNITS_TAKEN messages.
  const limits = new UserRateLimiter(
    new LeasedRateCounterStore(selectRateCounterStore(deps.knex, deps.redisUrl, deps.log), leasesByKind({ messages: MESSAGE_UNITS_TAKEN })),
    {
      ...DEFAULT_USER_RATE_RULES,
      messages: { ...DEFAULT_USER_RATE_RULES.messages, limit: deps.messagesPer10s ?? DEFAULT_USER_RATE_RULES.messages.limit },
    },
  );
  const eventRule = DEFAULT_USER_RATE_RULES.socketEvents;
  const events = new LocalRateCounter(eventRule);
  // A flood is told it is refused a few times per window, not once per dropped event.
  const refusalsTold = new LocalRateCounter({ limit: REFUSALS_TOLD_PER_WINDOW, windowMs: eventRule.windowMs });

  io.use((socket, next) => {
    const request = socket.request as SessionRequest;
    const userId = request.session?.userId;
    if (!userId || !request.sessionID) return next(new Error('Not authenticated'));
    if ((localSockets.get(userId) ?? 0) >= socketsPerUser) return next(new Error(TOO_MANY_SOCKETS));
    localSockets.set(userId, (localSockets.get(userId) ?? 0) + 1);
    socket.data.userId = userId;
    socket.data.sid = request.sessionID;
    const slot: HeldSocket = { socketId: socket.id, userId, instanceId };
    slots
      .admit(slot, socketsPerUser)
      .then(({ admitted, others }) => {
        if (!admitted) {
          releaseLocal(userId);
          return next(new Error(TOO_MANY_SOCKETS));
        }
        held.set(socket.id, slot);
        // Exactly one release per admitted socket: on its disconnect, or when its connection
        // closes first (a client gone mid-handshake never gets a 'disconnect').
        let released = false;
        const release = () => {
          if (released) return;
          released = true;
          releaseLocal(userId);
          // Shutting down: stop() releases every socket of this instance at once (and needs them in `held`).
          if (stopping) return;
          held.delete(socket.id);
          trackWork(
            (async () => {
              await slots.release(slot);
              if (!(await presence.isOnline(userId))) await announcePresence(userId, 'user_offline');
            })().catch((err: unknown) => deps.log.error({ err, userId }, 'socket release failed')),
          );
        };
        if (socket.conn.readyState !== 'open') {
          release();
          return next(new Error('Connection closed'));
        }
        socket.once('disconnect', release);
        socket.conn.once('close', release);
        socket.data.firstSocket = others === 0;
        next();
      })
      .catch((err: unknown) => {
        releaseLocal(userId);
        next(err instanceof Error ? err : new Error(String(err)));
      });
  });

  const redisClients: { quit(): Promise<unknown> }[] = [];
  if (deps.redisUrl) {
    // The adapter resubscribes once Redis is back; meanwhile each instance still serves its own sockets.
    const pub = resilientRedisClient(deps.redisUrl, { name: 'socket.io adapter (publish)', log: deps.log });
    const sub = resilientRedisClient(deps.redisUrl, { name: 'socket.io adapter (subscribe)', log: deps.log });
    await Promise.all([pub.connect(), sub.connect()]);
    io.adapter(createAdapter(pub, sub));
    redisClients.push(pub, sub);
  }

  const connectionsOf = async (userId: string): Promise<string[]> =>
    (await deps.knex('user_connections').where({ user_id: userId }).select('other_id')).map((r: { other_id: string }) => r.other_id);

  const unreadCounts = unreadCountReader(deps.knex);
  /** Whether a user has a socket on this instance (their room here is not empty). */
  const hereNow = (userId: string) => (io.of('/').adapter.rooms.get(userId)?.size ?? 0) > 0;

  async function announcePresence(userId: string, event: 'user_online' | 'user_offline') {
    const connections = await connectionsOf(userId);
    if (connections.length > 0) io.to(connections).emit(event, userId);
  }

  /**
   * One user's messages go to the command side one at a time: the next leaves when the previous
   * one's outcome (delivered or failed) is back, or after SEND_TURN_MS, and a backlog is paced. A
   * burst from one user then queues behind itself instead of taking the database from everyone
   * else at once (in the embedded mode the database runs on the same thread as the requests).
   */
  const outcomes = new Map<string, () => void>();
  /**
   * The outcomes this instance emitted lately. The command side handles a send request at least
   * once: the one it was handling when its instance died is handled again by the next, and its
   * stored message published again. Sockets get it once.
   */
  const outcomesSent = new RecentIds({ capacity: OUTCOMES_REMEMBERED, ttlMs: OUTCOMES_REMEMBERED_MS });
  const sendTurns = new Map<string, Promise<void>>();
  const settle = (messageId: string | undefined) => {
    if (messageId) outcomes.get(messageId)?.();
  };
  const backlog = new Map<string, number>();
  function sendInTurn(userId: string, messageId: string, publish: () => Promise<void>): Promise<void> {
    backlog.set(userId, (backlog.get(userId) ?? 0) + 1);
    const turn = (sendTurns.get(userId) ?? Promise.resolve()).then(async () => {
      let timer: NodeJS.Timeout | undefined;
      const settled = new Promise<void>((resolve) => {
        outcomes.set(messageId, resolve);
        timer = setTimeout(resolve, SEND_TURN_MS);
      });
      try {
        await publish();
        await settled;
        // With more of this user's messages waiting, a short pause lets everyone else's work in between.
        if ((backlog.get(userId) ?? 0) > 1) await new Promise((r) => setTimeout(r, SEND_BACKLOG_GAP_MS));
      } finally {
        clearTimeout(timer);
        outcomes.delete(messageId);
        const left = (backlog.get(userId) ?? 1) - 1;
        if (left > 0) backlog.set(userId, left);
        else backlog.delete(userId);
      }
    });
    const queued = turn.catch(() => undefined);
    sendTurns.set(userId, queued);
    void queued.then(() => {
      if (sendTurns.get(userId) === queued) sendTurns.delete(userId);
    });
    return turn;
  }

  /** Ends a socket whose session is over, saying so first (so a client can tell it from a network drop). */
  const endSocket = (socket: Socket) => {
    socket.emit('session_ended');
    socket.disconnect(true);
  };

  /** The session store of the sockets' handshakes (one for the whole instance), once a socket has shown it. */
  let sessions: SessionStore | undefined;
  const sessionStore = (socket: Socket) => {
    const store = (socket.request as SessionRequest).sessionStore;
    if (store instanceof SessionStore) sessions ??= store;
    return store instanceof SessionStore ? store : undefined;
  };

  /**
   * Sessions whose sockets sent an event lately (sid -> when). Every event checks its session, and
   * with a message every few seconds per user, each check read a row: instead, the sessions of
   * busy sockets are checked together, one statement per half cache period, which keeps their
   * cached copies fresh (an ending made by another process is seen as soon as before) and closes
   * the sockets of the ones that ended at once, even without the bus message.
   */
  const busySessions = new Map<string, number>();
  let sessionCheck: Promise<void> | undefined;
  const checkBusySessions = () => {
    if (sessionCheck || !sessions || busySessions.size === 0) return;
    const store = sessions;
    const since = Date.now() - SESSION_BUSY_MS;
    for (const [sid, at] of busySessions) if (at < since) busySessions.delete(sid);
    sessionCheck = store
      .keepFresh([...busySessions.keys()])
      .then((ended) => {
        if (ended.length === 0) return;
        const gone = new Set(ended);
        for (const sid of ended) busySessions.delete(sid);
        for (const socket of io.of('/').sockets.values()) if (gone.has(socket.data.sid as string)) endSocket(socket);
      })
      .catch((err: unknown) => deps.log.warn({ err }, 'session check failed'))
      .finally(() => (sessionCheck = undefined));
  };
  const sessionChecks = setInterval(checkBusySessions, SESSION_CACHE_MS / 2);
  sessionChecks.unref();

  io.on('connection', (socket: Socket) => {
    const userId = socket.data.userId as string;
    const sid = socket.data.sid as string;
    void socket.join(userId);
    // The handshake has just read the session: kept fresh from now on, the socket's first events
    // find it cached instead of each reading its row again (a message once the user starts typing).
    sessionStore(socket);
    busySessions.set(sid, Date.now());
    const log = deps.log.child({ userId, socketId: socket.id });
    const safely = (what: string, work: () => Promise<unknown>) => trackWork(work().catch((err: unknown) => log.error({ err }, `${what} failed`)));

    const refuse = (event: string, message: string, retryAfterMs: number) => {
      if (!refusalsTold.hit(`${socket.id}:${message}`).allowed) return;
      const answer: RateLimitedEvent = { event, message, retryAfterMs };
      socket.emit('rate_limited', answer);
      if (event === 'private_message') socket.emit('message_error', message);
    };
    socket.on('disconnect', () => {
      for (const message of [RATE_LIMITED_MESSAGE, MESSAGES_RATE_LIMITED_MESSAGE]) refusalsTold.forget(`${socket.id}:${message}`);
    });

    /**
     * Every event is checked before its handler runs. Over the user's event allowance it is dropped
     * at once, synchronously, so a flood costs next to nothing; far over it the socket is closed. A
     * payload with text the database cannot store is refused at once, as an HTTP body would be.
     * The rest are checked one at a time per socket (so messages keep their order): the session
     * must still be alive (nothing is sent in an ended session's name), and chat messages must be
     * within the allowance every instance counts together.
     */
    let checks = Promise.resolve();
    socket.use(([event, ...args], next) => {
      const name = String(event);
      const any = events.hit(userId);
      if (!any.allowed) {
        if (any.count > eventRule.limit * FLOOD_FACTOR) {
          socket.emit('rate_limited', { event: name, message: FLOOD_DISCONNECTED, retryAfterMs: any.retryAfterMs } satisfies RateLimitedEvent);
          socket.disconnect(true);
        } else refuse(name, RATE_LIMITED_MESSAGE, any.retryAfterMs);
        return;
      }
      if (refuseUnstorablePayload(socket, name, args)) return;
      busySessions.set(sid, Date.now());
      checks = checks.then(async () => {
        try {
          const store = sessionStore(socket);
          const current = store ? await store.read(sid) : undefined;
          if (store && current?.userId !== userId) return endSocket(socket);
          if (name === 'private_message') {
            const messages = await limits.consume('messages', userId);
            if (!messages.allowed) return refuse(name, MESSAGES_RATE_LIMITED_MESSAGE, messages.retryAfterMs);
          }
          next();
        } catch (err) {
          log.error({ err }, 'socket event check failed');
        }
      });
    });

    // Admission counted the socket in (and online); only the user's first socket is news to their connections.
    if (socket.data.firstSocket === true) safely('presence', () => announcePresence(userId, 'user_online'));

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
      // The bus message id is the id the message will be stored under, so every retry is one message.
      const messageId = parsed.data.clientMessageId ? chatMessageId(userId, parsed.data.clientMessageId) : crypto.randomUUID();
      sendInTurn(userId, messageId, () => {
        // A client that sends a message again wants its outcome again (the web app's retry waits for it).
        outcomesSent.forget(`delivered:${messageId}`);
        outcomesSent.forget(`failed:${messageId}`);
        return deps.bus.publish(ChatTopics.sendRequested, {
          messageId,
          from: userId,
          to: parsed.data.to,
          message: parsed.data.message,
          replyTo: parsed.data.replyTo ? { _id: parsed.data.replyTo._id } : null,
          clientMessageId: parsed.data.clientMessageId,
          correlationId: socket.id,
          origin: instanceId,
        });
      }).catch((err: unknown) => log.error({ err }, 'send failed'));
    });

    community.attach(socket, safely);
    quizzes.attach(socket, safely);

    socket.on('refresh_unread_counts', () => safely('unread counts', async () => socket.emit('unread_count_update', await unreadCounts(userId))));

    // Only a connection, and never across a block, learns whether someone is online.
    socket.on('check_online', (target: unknown, ack?: unknown) => {
      if (typeof ack !== 'function') return;
      const parsed = z.string().uuid().safeParse(target);
      if (!parsed.success) return (ack as (v: boolean) => void)(false);
      safely('check online', async () => (ack as (v: boolean) => void)(await isOnlineFor(deps.knex, presence, userId, parsed.data)));
    });
  });

  /**
   * Every instance hears every bus message. The outcome of a socket's send is broadcast by the
   * instance it came from, through the adapter (Redis) to sockets anywhere; everything else each
   * instance hands to its own sockets only, so nobody receives a message twice.
   */
  const roomsFor = (rooms: string[], origin: string | undefined) =>
    origin === undefined ? io.local.to(rooms) : origin === instanceId ? io.to(rooms) : undefined;

  /** Emits a send's outcome unless this instance emitted it already (a repeat from the command side). */
  const emitOnce = (kind: 'delivered' | 'failed', messageId: string | undefined, emit: () => void) => {
    if (messageId === undefined || outcomesSent.firstTime(`${kind}:${messageId}`)) emit();
  };

  const unsubscribe = await Promise.all([
    ...community.subscriptions(deps.bus),
    ...quizzes.subscriptions(deps.bus),
    deps.bus.subscribe(ChatTopics.delivered, (payload) => {
      const m = Delivered.safeParse(payload);
      if (!m.success) return;
      const { origin, ...message } = m.data;
      settle(message._id);
      const rooms = roomsFor([message.to, message.from], origin);
      if (rooms) emitOnce('delivered', message._id, () => rooms.emit('private_message', message));
    }),
    deps.bus.subscribe(ChatTopics.deleted, (payload) => {
      const d = Deleted.safeParse(payload);
      if (d.success) roomsFor([d.data.to, d.data.from], undefined)?.emit('message_deleted', d.data.messageId);
    }),
    deps.bus.subscribe(ChatTopics.failed, (payload) => {
      const f = Failed.safeParse(payload);
      if (!f.success) return;
      settle(f.data.messageId);
      const rooms = roomsFor([f.data.userId], f.data.origin);
      if (rooms) emitOnce('failed', f.data.messageId, () => rooms.emit('message_error', f.data.error));
    }),
    deps.bus.subscribe(ChatTopics.unreadChanged, async (payload) => {
      const u = UserTopic.safeParse(payload);
      // Only for users with a socket here: nobody else on this instance would hear the answer.
      if (u.success && hereNow(u.data.userId)) io.local.to(u.data.userId).emit('unread_count_update', await unreadCounts(u.data.userId));
    }),
    // Sessions ended anywhere (sign-out, password change or reset): their sockets here close now.
    deps.bus.subscribe(SessionTopics.ended, async (payload) => {
      const ended = SessionsEnded.safeParse(payload);
      if (!ended.success) return;
      const sids = new Set(ended.data.sids);
      for (const socket of await io.local.in(ended.data.userId).fetchSockets()) {
        if (sids.has(socket.data.sid as string)) {
          socket.emit('session_ended');
          socket.disconnect(true);
        }
      }
    }),
    deps.bus.subscribe('notifications', (payload) => {
      const n = NotificationTopic.safeParse(payload);
      if (n.success) io.local.to(n.data.userId).emit('new_notification', n.data.notification);
    }),
  ]);

  const heartbeat = setInterval(() => {
    slots.heartbeat(instanceId, held.values()).catch((err: unknown) => deps.log.warn({ err }, 'presence heartbeat failed'));
  }, deps.heartbeatMs ?? 30_000);
  heartbeat.unref();

  return {
    io,
    instanceId,
    /** Stops accepting, closes every socket, waits for the work they started, then forgets this instance's presence. */
    async stop() {
      stopping = true;
      clearInterval(heartbeat);
      clearInterval(sessionChecks);
      await Promise.all(unsubscribe.map((u) => u()));
      await new Promise<void>((resolve) => io.close(() => resolve()));
      await sessionCheck;
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
      await slots.forgetInstance(instanceId, [...held.values()]).catch((err: unknown) => deps.log.warn({ err }, 'could not clear presence at shutdown'));
      held.clear();
      await slots.close();
      await limits.close();
      await Promise.all(redisClients.map((c) => c.quit().catch(() => undefined)));
    },
  };
}
export type RealtimeService = Awaited<ReturnType<typeof createRealtimeService>>;
