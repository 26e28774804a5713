import type { Server, Socket } from 'socket.io';
import type { Logger } from '@circuit/shared/logger';
import type { Bus } from '@circuit/shared/ports/bus';
import { SESSION_CACHE_MS, SessionStore, SessionTopics, SessionsEnded } from '@circuit/shared/http/session';
import type { SessionRequest } from './admission';

/** A session whose sockets sent nothing for this long is no longer checked ahead of its next event. */
const SESSION_BUSY_MS = 30_000;

/** What ending a socket uses of it: a socket of this instance, or one fetched from a room. */
interface EndableSocket {
  emit(event: 'session_ended'): unknown;
  disconnect(close: boolean): unknown;
}

/** Ends a socket whose session is over, saying so first (so a client can tell it from a network drop). */
export function endSocket(socket: EndableSocket) {
  socket.emit('session_ended');
  socket.disconnect(true);
}

/**
 * The sessions behind this instance's sockets: a socket lives only as long as its session. An
 * ending is heard on the bus (sign-out, password change or reset, suspension), and the sessions of
 * busy sockets are checked together besides.
 */
export function sessionWatch(io: Server, log: Logger) {
  /** The session store of the sockets' handshakes (one for the whole instance), once a socket has shown it. */
  let sessions: SessionStore | undefined;
  const storeOf = (socket: Socket) => {
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
      .catch((err: unknown) => log.warn({ err }, 'session check failed'))
      .finally(() => (sessionCheck = undefined));
  };
  let sessionChecks: NodeJS.Timeout | undefined;
  /** A socket's session was just used: it is checked with the busy ones for a while. */
  const markBusy = (sid: string) => {
    busySessions.set(sid, Date.now());
  };

  return {
    storeOf,
    markBusy,
    attach(socket: Socket) {
      // The handshake has just read the session: kept fresh from now on, the socket's first events
      // find it cached instead of each reading its row again (a message once the user starts typing).
      storeOf(socket);
      markBusy(socket.data.sid as string);
    },
    startChecks() {
      sessionChecks = setInterval(checkBusySessions, SESSION_CACHE_MS / 2);
      sessionChecks.unref();
    },
    stopChecks() {
      clearInterval(sessionChecks);
    },
    /** The check under way, if any: a shutdown waits for it before the database pool closes. */
    settled: () => sessionCheck,
    subscription(bus: Bus) {
      // Sessions ended anywhere (sign-out, password change or reset): their sockets here close now.
      return bus.subscribe(SessionTopics.ended, async (payload) => {
        const ended = SessionsEnded.safeParse(payload);
        if (!ended.success) return;
        const sids = new Set(ended.data.sids);
        for (const socket of await io.local.in(ended.data.userId).fetchSockets()) {
          if (sids.has(socket.data.sid as string)) endSocket(socket);
        }
      });
    },
  };
}
export type SessionWatch = ReturnType<typeof sessionWatch>;
