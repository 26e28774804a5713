import crypto from 'node:crypto';
import type { Server as HttpServer } from 'node:http';
import type { RequestHandler } from 'express';
import type { Knex } from 'knex';
import type { Socket } from 'socket.io';
import type { Config, TrustProxy } from '@circuit/shared/config';
import type { Logger } from '@circuit/shared/logger';
import type { RateLimitedEvent } from '@circuit/shared/realtime/socket-errors';
import type { Bus } from '@circuit/shared/ports/bus';
import { Presence } from '@circuit/shared/presence/presence';
import { socketAdmission } from './admission';
import { communityRealtime } from './community-realtime';
import { checkInRealtime } from './check-in-realtime';
import { eventChecks } from './event-checks';
import { notificationsSubscription } from './notifications-realtime';
import { presenceRealtime } from './presence';
import { privateChat } from './private-chat';
import { quizRealtime } from './quiz-realtime';
import { sessionWatch } from './session-watch';
import { createSocketServer, shareRooms } from './socket-server';
import { socketWork } from './socket-work';
import { unreadCountsRealtime } from './unread-counts';
import type { Metrics } from '@circuit/shared/metrics/metrics';

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
  /** The process's Prometheus metrics: open sockets and socket events refused by a limit. */
  metrics?: Metrics;
}

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
export { originAllowed, ORIGIN_REFUSED, TOO_MANY_SOCKETS } from './admission';
export { FLOOD_DISCONNECTED } from './event-checks';

/**
 * Socket.IO on the session cookie (spec 1, realtime channel): a socket exists only for a
 * signed-in user and sits in the room named by that user's id, joined on every connect. Sends
 * go to the command service over the bus; what the command side stored comes back over the bus
 * and is delivered to the rooms, on whichever instance the sockets are.
 *
 * Each concern is a module of its own; this wires them in the order they must run: admission of
 * the handshake, the checks every event passes, then each concern's events and bus topics.
 */
export async function createRealtimeService(deps: RealtimeDeps) {
  const instanceId = crypto.randomUUID();
  const presence = await Presence.create(deps.knex);
  const io = createSocketServer(deps);
  const community = communityRealtime(io, deps.knex, { roomPostsIntervalMs: deps.communityRoomPaceMs });
  const quizzes = quizRealtime(io, deps.knex);
  const checkIn = checkInRealtime(io, deps.knex);
  const work = socketWork();
  const sessions = sessionWatch(io, deps.log);
  const onlineNews = presenceRealtime(io, deps.knex, presence);
  const admission = socketAdmission(io, {
    instanceId,
    presence,
    redisUrl: deps.redisUrl,
    log: deps.log,
    socketsPerUser: deps.socketsPerUser ?? 20,
    track: work.track,
    released: onlineNews.released,
  });
  const checks = eventChecks({ knex: deps.knex, redisUrl: deps.redisUrl, log: deps.log, messagesPer10s: deps.messagesPer10s, sessions, onRefused: () => deps.metrics?.rateLimited.inc({ where: 'socket' }) });
  const { metrics } = deps;
  if (metrics) {
    io.on('connection', (socket: Socket) => {
      metrics.openSockets.inc();
      socket.on('disconnect', () => metrics.openSockets.dec());
    });
  }
  const redisClients = deps.redisUrl ? await shareRooms(io, deps.redisUrl, deps.log) : [];
  const chat = privateChat(io, deps.bus, instanceId);
  const unread = unreadCountsRealtime(io, deps.knex);
  sessions.startChecks();

  io.on('connection', (socket: Socket) => {
    const userId = socket.data.userId as string;
    void socket.join(userId);
    sessions.attach(socket);
    const log = deps.log.child({ userId, socketId: socket.id });
    const safely = work.safelyFor(log);
    checks.attach(socket, log);
    onlineNews.attach(socket, safely);
    // The client names its own id; the server only ever trusts the session's.
    socket.on('join', () => void socket.join(userId));
    socket.on('ping', (ack?: unknown) => {
      if (typeof ack === 'function') (ack as (v: string) => void)('pong');
    });
    chat.attach(socket, log);
    community.attach(socket, safely);
    quizzes.attach(socket, safely);
    checkIn.attach(socket, safely);
    unread.attach(socket, safely);
  });

  const unsubscribe = await Promise.all([
    ...community.subscriptions(deps.bus),
    ...quizzes.subscriptions(deps.bus),
    ...checkIn.subscriptions(deps.bus),
    ...chat.subscriptions(),
    unread.subscription(deps.bus),
    sessions.subscription(deps.bus),
    notificationsSubscription(io, deps.bus),
  ]);
  admission.startHeartbeat(deps.heartbeatMs ?? 30_000);

  return {
    io,
    instanceId,
    /** Stops accepting, closes every socket, waits for the work they started, then forgets this instance's presence. */
    async stop() {
      admission.stop();
      sessions.stopChecks();
      await Promise.all(unsubscribe.map((u) => u()));
      await new Promise<void>((resolve) => io.close(() => resolve()));
      await sessions.settled();
      await work.drain();
      await admission.close();
      await checks.close();
      await Promise.all(redisClients.map((c) => c.quit().catch(() => undefined)));
    },
  };
}
export type RealtimeService = Awaited<ReturnType<typeof createRealtimeService>>;
