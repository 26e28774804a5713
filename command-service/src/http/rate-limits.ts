import crypto from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Config } from '@circuit/shared/config';
import { tooMany } from '@circuit/shared/commands/domain-errors';
import type { LimiterStore } from './limiter-store';
import { counterWindow } from '@circuit/shared/http/user-rate-limit';

/**
 * Abuse limits that fit a campus (docs/decisions.md#d14-abuse-limits-that-fit-a-campus): hundreds of students share one address, so
 * limits are per account and per e-mail address first, with only a generous ceiling per client
 * address; successful sign-ins never count.
 */
export interface AbuseLimits {
  windowMs: number;
  /** Every state-changing request from one client address, per window. */
  clientRequests: number;
  /** Failed sign-ins (and code or password checks) from one client address, per window. */
  clientFailedSignIns: number;
  /** Failures of one name from one client address (or on one known device) before each further try waits. */
  signInFreeFailures: number;
  /** The first wait; it doubles with each further failure up to the maximum. */
  signInBaseDelayMs: number;
  signInMaxDelayMs: number;
  /** Codes (sign-up, resend, sign-in by code) mailed to one address, per address window. */
  codesPerAddress: number;
  /** Reset mails to one address, per address window. */
  resetsPerAddress: number;
  addressWindowMs: number;
  /** The wait between two mails of one kind to one address (0: none). */
  addressCooldownMs: number;
}

export function limitsFromConfig(config: Config): AbuseLimits {
  return {
    windowMs: config.LIMIT_WINDOW_MS,
    clientRequests: config.LIMIT_CLIENT_REQUESTS,
    clientFailedSignIns: config.LIMIT_CLIENT_FAILED_SIGNINS,
    signInFreeFailures: config.LIMIT_SIGNIN_FREE_FAILURES,
    signInBaseDelayMs: config.LIMIT_SIGNIN_BASE_DELAY_MS,
    signInMaxDelayMs: config.LIMIT_SIGNIN_MAX_DELAY_MS,
    codesPerAddress: config.LIMIT_CODES_PER_ADDRESS,
    resetsPerAddress: config.LIMIT_RESETS_PER_ADDRESS,
    addressWindowMs: config.LIMIT_ADDRESS_WINDOW_MS,
    addressCooldownMs: config.LIMIT_ADDRESS_COOLDOWN_MS,
  };
}

/** "45 seconds", "1 minute", "12 minutes". */
export function formatWait(ms: number): string {
  const secs = Math.max(1, Math.ceil(ms / 1000));
  if (secs < 60) return `${secs} second${secs === 1 ? '' : 's'}`;
  const mins = Math.ceil(secs / 60);
  return `${mins} minute${mins === 1 ? '' : 's'}`;
}

export const LimitMessages = {
  tooManyRequests: (wait: string) => `Too many requests from your network. Please wait ${wait} and try again.`,
  tooManyFailures: (wait: string) => `Too many failed sign-in attempts. Please wait ${wait} and try again.`,
  tooManyFailuresFromClient: (wait: string) => `Too many failed sign-in attempts from your network. Please wait ${wait} and try again.`,
  tooManyCodes: (wait: string) => `Too many codes were sent to this email address. Please wait ${wait} before requesting another.`,
  tooManyResets: (wait: string) => `Too many password reset emails were sent to this address. Please wait ${wait} before requesting another.`,
  // Word for word the account decider's cooldown answer, so the limiter and the decider answer alike.
  codeCooldown: (seconds: number) => `Please wait ${seconds} second${seconds === 1 ? '' : 's'} before requesting a new code.`,
  resetCooldown: (seconds: number) => `Please wait ${seconds} second${seconds === 1 ? '' : 's'} before requesting another reset email.`,
} as const;

/** The limiter's key for an e-mail address or a sign-in name: short, and no address stored in clear. */
export const keyOf = (value: string) => crypto.createHash('sha256').update(value.trim().toLowerCase()).digest('base64url');

/**
 * Refuses with 429: the RateLimit headers of the IETF draft (policy, remaining, reset), Retry-After
 * and the message. Set on `res` before throwing so the one error handler keeps writing the body.
 */
function refuse(res: Response, policy: { points: number; windowMs: number }, msBeforeNext: number, message: string): never {
  const reset = Math.max(1, Math.ceil(msBeforeNext / 1000));
  res.setHeader('RateLimit-Policy', `${policy.points};w=${Math.ceil(policy.windowMs / 1000)}`);
  res.setHeader('RateLimit', `limit=${policy.points}, remaining=0, reset=${reset}`);
  res.setHeader('Retry-After', String(reset));
  throw tooMany(message);
}

/** consume() resolves when allowed and rejects with a RateLimiterRes when refused (store errors go to the insurance limiter). */
async function consume(limiter: RateLimiterAbstract, key: string): Promise<RateLimiterRes | null> {
  try {
    await limiter.consume(key);
    return null;
  } catch (refusal) {
    if (refusal instanceof RateLimiterRes) return refusal;
    throw refusal;
  }
}

/** A count of failures that makes further tries wait once it is past its free failures. */
export interface Throttle {
  key: string;
  /** Failures before the first wait (Infinity: counted, never waited on). */
  freeFailures: number;
}

export interface SignInAttempt {
  /** What the attempt waits on and its failures count in (all of them); a success clears them. */
  throttles: Throttle[];
  /** Whether the ceiling of failed sign-ins per client address holds the attempt, and counts its failures. */
  clientCeiling: boolean;
  /** Whether an error the attempt threw means "wrong secret" (counted) rather than bad input or success. */
  isFailure(error: unknown): boolean;
}

/**
 * The per-account throttle of password sign-ins from unknown devices counts the guesses of every
 * address together; it lets this many times the free failures of one address through first, so one
 * guessing address is held by its own throttle long before it slows the owner signing in elsewhere.
 */
export const ACCOUNT_FREE_FAILURES_FACTOR = 4;

/**
 * The name a sign-in gives (a username or an e-mail address, any letter case): throttles count per
 * name as typed, so a wait on a username says nothing about which address is the same account, and
 * an unknown name waits exactly like a known one.
 */
export const nameKey = (kind: 'email' | 'username', value: string) => `${kind}:${keyOf(value)}`;

const clientKey = (req: Request) => req.ip ?? req.socket.remoteAddress ?? 'unknown';
const codeKey = (email: string) => `code:${keyOf(email)}`;

export function createAbuseLimits(store: LimiterStore, limits: AbuseLimits) {
  const failureMemoryMs = Math.max(limits.windowMs, limits.signInMaxDelayMs * 4);
  const clientFailures = store.limiter({ name: 'client-failures', points: limits.clientFailedSignIns, durationMs: limits.windowMs });
  const accountFailures = store.limiter({ name: 'account-failures', points: Number.MAX_SAFE_INTEGER, durationMs: failureMemoryMs });
  const accountLock = store.limiter({ name: 'account-lock', points: 1, durationMs: limits.signInMaxDelayMs });
  const mail = {
    code: {
      window: store.limiter({ name: 'codes', points: limits.codesPerAddress, durationMs: limits.addressWindowMs }),
      cooldown: limits.addressCooldownMs > 0 ? store.limiter({ name: 'codes-cooldown', points: 1, durationMs: limits.addressCooldownMs }) : null,
      points: limits.codesPerAddress,
      tooMany: LimitMessages.tooManyCodes,
      wait: LimitMessages.codeCooldown,
    },
    reset: {
      window: store.limiter({ name: 'resets', points: limits.resetsPerAddress, durationMs: limits.addressWindowMs }),
      cooldown: limits.addressCooldownMs > 0 ? store.limiter({ name: 'resets-cooldown', points: 1, durationMs: limits.addressCooldownMs }) : null,
      points: limits.resetsPerAddress,
      tooMany: LimitMessages.tooManyResets,
      wait: LimitMessages.resetCooldown,
    },
  };

  /** The wait after the n-th failure in a row: none for the free ones, then doubling up to the maximum. */
  function delayAfter(failures: number, freeFailures: number): number {
    if (failures < freeFailures) return 0;
    const doublings = Math.min(30, failures - freeFailures);
    return Math.min(limits.signInMaxDelayMs, limits.signInBaseDelayMs * 2 ** doublings);
  }

  return {
    /**
     * The generous per-address ceiling on every state-changing request, in fixed windows of the
     * store's plain counters: counted with the other requests of the moment in one statement.
     */
    clientCeiling: (async (req, res, next) => {
      if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') return next();
      const now = Date.now();
      const { key, resetAt, next: nextWindow } = counterWindow(`client:${clientKey(req)}`, limits.windowMs, now);
      if (nextWindow) store.counters.prepare?.([nextWindow]);
      const count = await store.counters.increment(key, resetAt);
      if (count > limits.clientRequests) refuse(res, { points: limits.clientRequests, windowMs: limits.windowMs }, resetAt - now, LimitMessages.tooManyRequests(formatWait(resetAt - now)));
      next();
    }) satisfies RequestHandler,

    /**
     * Counts one mail of a kind to an address, before it is sent: refused within the cooldown of
     * the previous one, or beyond the window's budget. Known and unknown addresses count alike.
     */
    async mailTo(kind: 'code' | 'reset', email: string, res: Response): Promise<void> {
      const m = mail[kind];
      const key = keyOf(email);
      if (m.cooldown) {
        const early = await consume(m.cooldown, key);
        if (early) refuse(res, { points: 1, windowMs: limits.addressCooldownMs }, early.msBeforeNext, m.wait(Math.max(1, Math.ceil(early.msBeforeNext / 1000))));
      }
      const over = await consume(m.window, key);
      if (over) refuse(res, { points: m.points, windowMs: limits.addressWindowMs }, over.msBeforeNext, m.tooMany(formatWait(over.msBeforeNext)));
      // A new code gets fresh tries, at a known address (the account's own count) as at an unknown one (this one).
      if (kind === 'code') await accountFailures.delete(codeKey(email));
    },

    /**
     * Runs a sign-in, code check or password check. Refused while one of its throttles waits after
     * its failures, or the client address has failed too often (when the ceiling applies); a failure
     * counts in each and makes their next wait longer; a success clears them (successful sign-ins
     * never count).
     */
    async signInAttempt<T>(req: Request, res: Response, attempt: SignInAttempt, run: () => Promise<T>): Promise<T> {
      const client = clientKey(req);
      for (const { key, freeFailures } of attempt.throttles) {
        if (freeFailures === Infinity) continue;
        const lock = await accountLock.get(key);
        if (lock && lock.consumedPoints > 1 && lock.msBeforeNext > 0) {
          refuse(res, { points: freeFailures, windowMs: failureMemoryMs }, lock.msBeforeNext, LimitMessages.tooManyFailures(formatWait(lock.msBeforeNext)));
        }
      }
      const fromClient = attempt.clientCeiling ? await clientFailures.get(client) : null;
      if (fromClient && fromClient.consumedPoints >= limits.clientFailedSignIns) {
        refuse(res, { points: limits.clientFailedSignIns, windowMs: limits.windowMs }, fromClient.msBeforeNext, LimitMessages.tooManyFailuresFromClient(formatWait(fromClient.msBeforeNext)));
      }
      try {
        const result = await run();
        for (const { key } of attempt.throttles) await accountFailures.delete(key);
        return result;
      } catch (error) {
        if (attempt.isFailure(error)) {
          for (const { key, freeFailures } of attempt.throttles) {
            const counted = await accountFailures.penalty(key, 1);
            const delay = delayAfter(counted.consumedPoints, freeFailures);
            if (delay > 0) await accountLock.block(key, Math.ceil(delay / 1000));
          }
          if (attempt.clientCeiling) await clientFailures.penalty(client, 1);
        }
        throw error;
      }
    },

    /**
     * What a sign-in or check waits on, by how it proves who is signing in:
     * - `password` from a known device (it signed in to that account before): only that device's own failures;
     * - `password` from anywhere else: the failures of that name from this client address, and, more
     *   generously, of that name from every address, and the ceiling per address;
     * - `code` (a code mailed to the address, which proves the mailbox): only the code's own few
     *   tries (the account's, and a count per address so an unknown address answers alike) and the
     *   ceiling per address, never the password throttles;
     * - `account` (the current password of a signed-in user): that account's failures and the ceiling.
     */
    attempts: {
      password(req: Request, name: string, device: { userId: string; deviceId: string } | null, isFailure: SignInAttempt['isFailure']): SignInAttempt {
        const free = limits.signInFreeFailures;
        if (device) return { throttles: [{ key: `device:${device.userId}:${device.deviceId}`, freeFailures: free }], clientCeiling: false, isFailure };
        return {
          throttles: [
            { key: `${name}@${clientKey(req)}`, freeFailures: free },
            { key: name, freeFailures: free * ACCOUNT_FREE_FAILURES_FACTOR },
          ],
          clientCeiling: true,
          isFailure,
        };
      },
      code(email: string | null, isFailure: SignInAttempt['isFailure']): SignInAttempt {
        return { throttles: email === null ? [] : [{ key: codeKey(email), freeFailures: Infinity }], clientCeiling: true, isFailure };
      },
      account(userId: string, isFailure: SignInAttempt['isFailure']): SignInAttempt {
        return { throttles: [{ key: `user:${userId}`, freeFailures: limits.signInFreeFailures }], clientCeiling: true, isFailure };
      },
    },

    /** Wrong codes tried at an address since its last code (an unknown address answers like a known one with it). */
    async codeFailuresAt(email: string): Promise<number> {
      return (await accountFailures.get(codeKey(email)))?.consumedPoints ?? 0;
    },
  };
}

export type AbuseGuards = ReturnType<typeof createAbuseLimits>;
