import crypto from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import type { Knex } from 'knex';
import { migrate } from '@circuit/shared/db/migrations';
import { conflict, refused, unprocessable } from '@circuit/shared/commands/domain-errors';
import type { Logger } from '@circuit/shared/logger';
import { sweeper } from '../process-managers/sweeper';

/**
 * Idempotent commands (docs/decisions.md#d8-idempotent-commands): a POST/PUT/PATCH/DELETE carrying an `Idempotency-Key`
 * runs once per key. The same key with the same request answers the stored first answer and runs
 * nothing; with another request it answers 422. While the first is still running, the others wait
 * for its answer, or get 409 when it takes too long; never does a key run twice at once. Keys live
 * in the database, so every command-service instance sees the same ones, and are scoped per user
 * (per session when signed out) so nobody can replay another's answer.
 */

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
export const REPLAYED_HEADER = 'Idempotent-Replayed';
const TABLE = 'idempotency_keys';

export const IdempotencyMessages = {
  invalidKey: 'Idempotency-Key must be 1 to 255 visible characters',
  reused: 'This Idempotency-Key was already used for a different request. Send a new key for a new action.',
  inProgress: 'A request with this Idempotency-Key is still in progress. Please try again in a moment.',
} as const;

/** A stored answer is replayed for a day; then the key is forgotten (and swept). */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** A running claim older than this belonged to a process that died: another request may take the key over. */
const LEASE_MS = 2 * 60 * 1000;
/** How long a repeated request waits for the first one's answer before 409 (read-your-writes waits 5 s). */
const WAIT_MS = 10_000;
const POLL_MS = 25;
const SWEEP_EVERY_MS = 60 * 60 * 1000;
const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const KEY = /^[\x21-\x7e]{1,255}$/;
/** Only these answer headers are replayed (never Set-Cookie: a replay must not hand out a session). */
const REPLAYED_HEADERS = ['content-type', 'location', 'content-range'] as const;

declare module 'express-session' {
  interface SessionData {
    /** Set on a signed-out request carrying a key, so its session (the key's scope) outlives the request. */
    idempotencyScope?: true;
  }
}

export async function migrateIdempotencyKeys(knex: Knex): Promise<void> {
  await migrate(knex, 'idempotency', [
    {
      name: '001_idempotency_keys',
      up: async (k) => {
        await k.schema.createTable(TABLE, (t) => {
          t.text('scope').notNullable();
          t.text('key').notNullable();
          /** HMAC-SHA256 of method, path and body: "the same request" (keyed: bodies carry passwords). */
          t.text('fingerprint').notNullable();
          /** Random per claim: only the request that claimed the key completes or releases it. */
          t.text('owner').notNullable();
          t.text('status').notNullable();
          t.integer('response_status');
          t.text('response_headers');
          t.text('response_body');
          t.timestamp('created_at', { useTz: true }).notNullable();
          t.timestamp('locked_until', { useTz: true }).notNullable();
          t.timestamp('expires_at', { useTz: true }).notNullable();
          t.primary(['scope', 'key']);
          t.index(['expires_at']);
        });
      },
    },
  ]);
}

interface StoredKey {
  fingerprint: string;
  status: 'running' | 'done';
  response_status: number | null;
  response_headers: string | null;
  response_body: string | null;
}

export interface IdempotencyOptions {
  knex: Knex;
  /** Keys the request fingerprints, so a stored one reveals nothing of a body (passwords among them). */
  secret: string;
  log: Logger;
  now?: () => Date;
  /** How long a repeated request waits for a running one (default 10 s). */
  waitMs?: number;
}

/** Keys order-independent, so `{a,b}` and `{b,a}` are the same body. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

function fingerprintOf(req: Request, secret: string): string {
  // A multipart upload is not parsed yet, and every send of it has a new boundary (so another
  // length too): it is "the same request" by method and path only.
  const raw = req.is('multipart/form-data') ? 'multipart' : '';
  return crypto.createHmac('sha256', secret).update(`${req.method}\n${req.originalUrl}\n${canonical(req.body)}\n${raw}`).digest('hex');
}

function scopeOf(req: Request): string | undefined {
  const userId = req.session?.userId;
  if (userId) return `user:${userId}`;
  if (!req.session || !req.sessionID) return undefined;
  // Keeps the signed-out session (and its cookie), so a retry from this browser finds its key.
  req.session.idempotencyScope = true;
  return `session:${req.sessionID}`;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The middleware; mount it before the command routes, after the session. */
export function idempotencyKeys(options: IdempotencyOptions): RequestHandler {
  const { knex, log } = options;
  const now = options.now ?? (() => new Date());
  const waitMs = options.waitMs ?? WAIT_MS;

  /** Claims the key for this request; false when another request holds it (running, or answered and not expired). */
  async function claim(scope: string, key: string, fingerprint: string, owner: string): Promise<boolean> {
    const at = now();
    const rows = await knex.raw<{ rows: { owner: string }[] }>(
      `insert into ${TABLE} (scope, key, fingerprint, owner, status, created_at, locked_until, expires_at)
       values (?, ?, ?, ?, 'running', ?, ?, ?)
       on conflict (scope, key) do update set
         fingerprint = excluded.fingerprint, owner = excluded.owner, status = 'running',
         response_status = null, response_headers = null, response_body = null,
         created_at = excluded.created_at, locked_until = excluded.locked_until, expires_at = excluded.expires_at
       where ${TABLE}.expires_at <= ? or (${TABLE}.status = 'running' and ${TABLE}.locked_until <= ?)
       returning owner`,
      [scope, key, fingerprint, owner, at, new Date(at.getTime() + LEASE_MS), new Date(at.getTime() + IDEMPOTENCY_TTL_MS), at, at],
    );
    return rows.rows[0]?.owner === owner;
  }

  /** Records the answer before it leaves, so a retry that follows it finds it; a 5xx or 429 frees the key for a retry. */
  function capture(res: Response, scope: string, key: string, owner: string): void {
    const chunks: Buffer[] = [];
    const collect = (chunk: unknown, encoding?: unknown) => {
      if (chunk === undefined || chunk === null || typeof chunk === 'function') return;
      if (Buffer.isBuffer(chunk)) chunks.push(chunk);
      else if (chunk instanceof Uint8Array) chunks.push(Buffer.from(chunk));
      else chunks.push(Buffer.from(String(chunk), typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8'));
    };
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => Response;
    res.write = ((...args: unknown[]) => {
      collect(args[0], args[1]);
      return write(...args);
    }) as Response['write'];
    res.end = ((...args: unknown[]) => {
      collect(args[0], args[1]);
      const status = res.statusCode;
      const keyRow = knex(TABLE).where({ scope, key, owner });
      const stored =
        status >= 500 || status === 429
          ? keyRow.delete()
          : keyRow.update({
              status: 'done',
              response_status: status,
              response_headers: JSON.stringify(
                Object.fromEntries(REPLAYED_HEADERS.flatMap((h) => (res.getHeader(h) === undefined ? [] : [[h, String(res.getHeader(h))]]))),
              ),
              response_body: Buffer.concat(chunks).toString('utf8'),
            });
      void Promise.resolve(stored)
        .catch((err: unknown) => log.warn({ err, key }, 'could not store the answer of an idempotent request'))
        .finally(() => end(...args));
      return res;
    }) as Response['end'];
  }

  function replay(res: Response, row: StoredKey): void {
    const headers = JSON.parse(row.response_headers ?? '{}') as Record<string, string>;
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    res.setHeader(REPLAYED_HEADER, 'true');
    res.status(row.response_status ?? 200).end(row.response_body ?? '');
  }

  return async (req, res, next) => {
    if (!MUTATING.has(req.method)) return next();
    const key = req.get(IDEMPOTENCY_HEADER);
    if (key === undefined) return next();
    if (!KEY.test(key)) throw refused(IdempotencyMessages.invalidKey);
    const scope = scopeOf(req);
    if (!scope) return next();
    const fingerprint = fingerprintOf(req, options.secret);
    const owner = crypto.randomUUID();
    const deadline = Date.now() + waitMs;
    for (;;) {
      if (await claim(scope, key, fingerprint, owner)) {
        capture(res, scope, key, owner);
        return next();
      }
      const row = await knex(TABLE).where({ scope, key }).first<StoredKey | undefined>('fingerprint', 'status', 'response_status', 'response_headers', 'response_body');
      // Gone between the two statements (released after a failure, or swept): claim again.
      if (!row) continue;
      if (row.fingerprint !== fingerprint) throw unprocessable(IdempotencyMessages.reused);
      if (row.status === 'done') return replay(res, row);
      if (Date.now() >= deadline) {
        res.setHeader('Retry-After', '1');
        throw conflict(IdempotencyMessages.inProgress);
      }
      await sleep(POLL_MS);
    }
  };
}

/** Forgets expired keys. Returns how many it removed. */
export async function sweepIdempotencyKeys(knex: Knex, now: Date): Promise<number> {
  const removed: unknown[] = await knex(TABLE).where('expires_at', '<=', now).delete().returning('key');
  return removed.length;
}

/** Sweeps once an hour (and at start) while the command service's workers run. */
export function idempotencyKeySweeper(deps: { knex: Knex; log: Logger; now?: () => Date }) {
  return sweeper({
    everyMs: SWEEP_EVERY_MS,
    log: deps.log,
    sweep: () => sweepIdempotencyKeys(deps.knex, deps.now?.() ?? new Date()),
    removed: 'forgot expired idempotency keys',
    failed: 'sweeping idempotency keys failed',
  });
}
