import type { IncomingMessage } from 'node:http';
import type { Server } from 'socket.io';
import type { Logger } from '@circuit/shared/logger';
import type { Presence } from '@circuit/shared/presence/presence';
import { selectSocketSlots, type HeldSocket } from './socket-slots';

export const TOO_MANY_SOCKETS = 'Too many open connections. Close another tab and try again.';
export const ORIGIN_REFUSED = 'Origin not allowed';

/** A handshake's request once the session middleware has read its cookie. */
export type SessionRequest = IncomingMessage & { session?: { userId?: string }; sessionID?: string; sessionStore?: unknown };

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

/** Engine.IO's allowRequest: a handshake from a page not allowed is refused before anything else runs. */
export function allowOrigins(allowedOrigins: string[]) {
  return (req: IncomingMessage, callback: (err: string | null | undefined, success: boolean) => void) => {
    const allowed = originAllowed(req, allowedOrigins);
    callback(allowed ? null : ORIGIN_REFUSED, allowed);
  };
}

export interface AdmissionDeps {
  instanceId: string;
  presence: Presence;
  redisUrl?: string;
  log: Logger;
  /** Sockets one user may hold open over all instances (SOCKETS_PER_USER). */
  socketsPerUser: number;
  /** Keeps work a socket started after it is gone, for stop() to wait for. */
  track: (work: Promise<unknown>) => void;
  /** Called once a released socket's slot is given back: its user may have gone offline. */
  released: (userId: string) => Promise<void>;
}

/**
 * Who may hold a socket: a signed-in user (the session cookie read by the handshake) under their
 * cap of sockets over every instance. An admitted socket holds a slot (and counts as online) until
 * it is released, exactly once; this instance confirms its slots by a heartbeat.
 */
export function socketAdmission(io: Server, deps: AdmissionDeps) {
  const { instanceId, socketsPerUser } = deps;
  const slots = selectSocketSlots(deps.presence, deps.redisUrl, deps.log);
  /** Sockets of each user on this instance, counted before any await: a burst on one instance is refused without a round trip. */
  const localSockets = new Map<string, number>();
  const releaseLocal = (userId: string) => {
    const left = (localSockets.get(userId) ?? 1) - 1;
    if (left > 0) localSockets.set(userId, left);
    else localSockets.delete(userId);
  };
  /** The admitted sockets of this instance, for the heartbeat and the release at shutdown. */
  const held = new Map<string, HeldSocket>();
  let stopping = false;
  let heartbeat: NodeJS.Timeout | undefined;

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
          // Shutting down: close() releases every socket of this instance at once (and needs them in `held`).
          if (stopping) return;
          held.delete(socket.id);
          deps.track(
            (async () => {
              await slots.release(slot);
              await deps.released(userId);
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

  return {
    /** Confirms this instance's sockets in the shared count every `everyMs`. */
    startHeartbeat(everyMs: number) {
      heartbeat = setInterval(() => {
        slots.heartbeat(instanceId, held.values()).catch((err: unknown) => deps.log.warn({ err }, 'presence heartbeat failed'));
      }, everyMs);
      heartbeat.unref();
    },
    /** The first step of a shutdown: no more heartbeats, and sockets that close from now on stay held for close(). */
    stop() {
      stopping = true;
      clearInterval(heartbeat);
    },
    /** Gives back every slot this instance holds at once, then closes the shared count. */
    async close() {
      await slots.forgetInstance(instanceId, [...held.values()]).catch((err: unknown) => deps.log.warn({ err }, 'could not clear presence at shutdown'));
      held.clear();
      await slots.close();
    },
  };
}
