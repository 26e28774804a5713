import type { Knex } from 'knex';
import type { Socket } from 'socket.io';
import type { Logger } from '@circuit/shared/logger';
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
import { refuseUnstorablePayload } from './refused-payloads';
import { endSocket, type SessionWatch } from './session-watch';

export const FLOOD_DISCONNECTED = 'Too many requests: this connection was closed. Reload the page to reconnect.';
/** Refusals of one kind a socket hears per window; the rest of a flood is dropped in silence. */
const REFUSALS_TOLD_PER_WINDOW = 10;
/** A user whose sockets send this many times their allowance in one window is cut off. */
const FLOOD_FACTOR = 5;
/**
 * Units of a user's message allowance this instance takes from the shared count at once. Each
 * message counted on its own cost a round trip on the way of every message; taken five at a time
 * (the allowance is 30 per 10 s), someone chatting pays it about once per window. A user with
 * sockets on several instances may be refused up to four messages early per other instance.
 */
const MESSAGE_UNITS_TAKEN = 5;

export interface EventCheckDeps {
  knex: Knex;
  redisUrl?: string;
  log: Logger;
  /** Chat messages one user may send per 10 seconds (RATE_LIMIT_MESSAGES). */
  messagesPer10s?: number;
  sessions: SessionWatch;
  /** Told of every event a limit refused (the process's metrics count them). */
  onRefused?: () => void;
}

/** What a socket's events must pass before their handlers run: the user's allowances and a live session. */
export function eventChecks(deps: EventCheckDeps) {
  const { sessions } = deps;
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

  function attach(socket: Socket, log: Logger) {
    const userId = socket.data.userId as string;
    const sid = socket.data.sid as string;
    const refuse = (event: string, message: string, retryAfterMs: number) => {
      deps.onRefused?.();
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
          deps.onRefused?.();
          socket.emit('rate_limited', { event: name, message: FLOOD_DISCONNECTED, retryAfterMs: any.retryAfterMs } satisfies RateLimitedEvent);
          socket.disconnect(true);
        } else refuse(name, RATE_LIMITED_MESSAGE, any.retryAfterMs);
        return;
      }
      if (refuseUnstorablePayload(socket, name, args)) return;
      sessions.markBusy(sid);
      checks = checks.then(async () => {
        try {
          const store = sessions.storeOf(socket);
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
  }

  return { attach, close: () => limits.close() };
}
