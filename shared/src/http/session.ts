import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Request, RequestHandler } from 'express';
import session, { type SessionData } from 'express-session';
import type { Knex } from 'knex';
import { z } from 'zod';
import { migrate } from '../db/migrations';

declare module 'express-session' {
  interface SessionData {
    userId?: string;
    /** Where an OAuth sign-in started (for the failure redirect). */
    oauthProvider?: string;
    /** When this session was last written back with a fresh expiry (ms since the epoch). */
    refreshedAt?: number;
  }
}

export const SESSION_COOKIE = 'circuit.sid';
const THIRTY_DAYS_MS = 30 * 24 * 60 * 60 * 1000;
/**
 * A signed-in session is written back (a fresh expiry in the row and in the cookie) at most this
 * often; every other request only reads it. Thirty days of life make five minutes of lag moot.
 */
export const SESSION_REFRESH_MS = 5 * 60 * 1000;
/**
 * How long one process trusts a session row it has read. Sessions ended by this process drop out
 * of its cache at once; other processes notice within this time.
 */
export const SESSION_CACHE_MS = 1000;
const CACHE_LIMIT = 10_000;
const ENDED_ROW_KEPT_MS = 60 * 60 * 1000;
const TABLE = 'sessions';

/** Published on the bus when sessions end, so every realtime instance closes their sockets. */
export const SessionTopics = { ended: 'sessions.ended' } as const;
export const SessionsEnded = z.object({ userId: z.string(), sids: z.array(z.string()) });
export type SessionsEnded = z.infer<typeof SessionsEnded>;

interface Row {
  sid: string;
  sess: unknown;
  expired: Date | string;
  ended: boolean;
}

interface Cached {
  /** The row's JSON (each reader gets its own copy: express-session changes what it is given). */
  json: string | null;
  userId?: string;
  until: number;
}

/** Every store of this process, so ending a session here takes effect in all of them at once. */
const liveStores = new Set<SessionStore>();

type Callback<T = void> = (err?: unknown, value?: T) => void;

/**
 * The session store (Postgres, shared by every service of every process, docs/decisions.md#d16-sessions-in-the-database-ended-everywhere).
 * Unlike a plain store it knows whose session a row is, so a user's sessions can be ended
 * together, and an ended session stays ended: a row is marked ended (not deleted until it
 * expires), and a late write from a request still running in that session cannot bring it back.
 * Reads are cached for SESSION_CACHE_MS, so a burst of requests reads the row once.
 */
export class SessionStore extends session.Store {
  private readonly cache = new Map<string, Cached>();
  private readonly ready: Promise<void>;
  private cleanup?: NodeJS.Timeout;
  /** Moves on whenever sessions end, so reads begun before cannot cache what they saw. */
  private generation = 0;

  constructor(
    private readonly knex: Knex,
    private readonly options: { cacheMs?: number; cleanupMs?: number } = {},
  ) {
    super();
    this.ready = sessionsTable(knex);
    const cleanupMs = options.cleanupMs ?? 15 * 60 * 1000;
    if (cleanupMs > 0) {
      this.cleanup = setInterval(() => {
        void this.knex(TABLE).where('expired', '<', new Date()).del().catch(() => undefined);
      }, cleanupMs);
      this.cleanup.unref();
    }
    liveStores.add(this);
  }

  override get(sid: string, callback: Callback<SessionData | null>): void {
    this.read(sid).then(
      (data) => callback(null, data),
      (err: unknown) => callback(err),
    );
  }

  /** The session's data, or null when it never existed, expired or was ended. */
  async read(sid: string): Promise<SessionData | null> {
    const hit = this.cache.get(sid);
    if (hit && hit.until > Date.now()) return hit.json === null ? null : (JSON.parse(hit.json) as SessionData);
    await this.ready;
    const generation = this.generation;
    const row = await this.knex<Row>(TABLE).where({ sid }).first('sid', 'sess', 'expired', 'ended');
    const data = row && !row.ended && new Date(row.expired).getTime() > Date.now() ? parseSess(row.sess) : null;
    // A read that raced with an ending may hold the row as it was before: answer it, but do not keep it.
    if (generation === this.generation) this.remember(sid, data && JSON.stringify(data), data?.userId);
    return data;
  }

  /**
   * The session's data when this process read it within SESSION_CACHE_MS (a copy), else undefined:
   * the read path's shortcut, which never waits for the database.
   */
  peek(sid: string): SessionData | null | undefined {
    const hit = this.cache.get(sid);
    if (!hit || hit.until <= Date.now()) return undefined;
    return hit.json === null ? null : (JSON.parse(hit.json) as SessionData);
  }

  /**
   * Checks many sessions in one statement: the cached copies of those still alive are trusted for
   * another SESSION_CACHE_MS, the others are cached as ended; answers the ended ones. A realtime
   * instance calls it for the sessions of its busy sockets, so their events hit the cache instead
   * of reading a row each while an ending made by another process is still seen as soon as before.
   */
  async keepFresh(sids: string[]): Promise<string[]> {
    if (sids.length === 0) return [];
    await this.ready;
    const generation = this.generation;
    const rows: { sid: string }[] = await this.knex<Row>(TABLE).whereIn('sid', sids).andWhere({ ended: false }).andWhere('expired', '>', new Date()).select('sid');
    const alive = new Set(rows.map((r) => r.sid));
    const ended = sids.filter((sid) => !alive.has(sid));
    for (const sid of ended) this.remember(sid, null, undefined);
    // An ending during the statement may be missing from what it saw: then nothing is extended.
    if (generation === this.generation) {
      const until = Date.now() + (this.options.cacheMs ?? SESSION_CACHE_MS);
      for (const sid of alive) {
        const hit = this.cache.get(sid);
        // Only a copy read before: a session this process never read is read in full when used.
        if (hit && hit.json !== null) hit.until = until;
      }
    }
    return ended;
  }

  override set(sid: string, sess: SessionData, callback?: Callback): void {
    this.write(sid, sess).then(
      () => callback?.(),
      (err: unknown) => callback?.(err),
    );
  }

  private async write(sid: string, sess: SessionData): Promise<void> {
    await this.ready;
    const expired = sess.cookie.expires ? new Date(sess.cookie.expires) : new Date(Date.now() + THIRTY_DAYS_MS);
    const row = { sid, sess: JSON.stringify(sess), expired, user_id: sess.userId ?? null, ended: false };
    // An ended row keeps its place: a request that was still running in that session must not revive it.
    const written = await this.knex(TABLE)
      .insert(row)
      .onConflict('sid')
      .merge(['sess', 'expired', 'user_id'])
      .where(`${TABLE}.ended`, false)
      .returning('sid');
    this.remember(sid, written.length > 0 ? row.sess : null, sess.userId);
  }

  override destroy(sid: string, callback?: Callback): void {
    endRows(this.knex, (q) => q.where({ sid })).then(
      () => callback?.(),
      (err: unknown) => callback?.(err),
    );
  }

  close(): void {
    if (this.cleanup) clearInterval(this.cleanup);
    liveStores.delete(this);
    this.cache.clear();
  }

  /** Forgets cached sessions: the given ones, or every session of a user. */
  forget(match: { sids?: string[]; userId?: string }): void {
    this.generation += 1;
    const sids = new Set(match.sids ?? []);
    for (const [sid, entry] of this.cache) {
      if (sids.has(sid) || (match.userId !== undefined && entry.userId === match.userId)) this.cache.delete(sid);
    }
  }

  private remember(sid: string, json: string | null, userId: string | undefined): void {
    if (this.cache.size >= CACHE_LIMIT) this.cache.delete(this.cache.keys().next().value as string);
    this.cache.set(sid, { json, userId, until: Date.now() + (this.options.cacheMs ?? SESSION_CACHE_MS) });
  }
}

function parseSess(sess: unknown): SessionData | null {
  const value: unknown = typeof sess === 'string' ? JSON.parse(sess) : sess;
  return value && typeof value === 'object' ? (value as SessionData) : null;
}

const tables = new WeakMap<Knex, Promise<void>>();

/** Creates or upgrades the table once per database handle. */
function sessionsTable(knex: Knex): Promise<void> {
  let ready = tables.get(knex);
  if (!ready) {
    ready = migrateSessions(knex);
    ready.catch(() => tables.delete(knex));
    tables.set(knex, ready);
  }
  return ready;
}

async function migrateSessions(knex: Knex): Promise<void> {
  await migrate(knex, 'sessions', [
    {
      // The table connect-session-knex made before this store existed: kept, so nobody is signed out.
      name: '001_sessions',
      up: async (k) => {
        await k.raw(`create table if not exists ${TABLE} (sid varchar(255) primary key, sess json not null, expired timestamptz not null)`);
        await k.raw(`create index if not exists sessions_expired_index on ${TABLE} (expired)`);
      },
    },
    {
      name: '002_sessions_owner_and_end',
      up: async (k) => {
        await k.raw(`alter table ${TABLE} add column if not exists user_id text`);
        await k.raw(`alter table ${TABLE} add column if not exists ended boolean not null default false`);
        await k.raw(`update ${TABLE} set user_id = sess->>'userId' where user_id is null`);
        await k.raw(`create index if not exists sessions_user_id_index on ${TABLE} (user_id)`);
      },
    },
  ]);
}

/** Marks rows ended and drops them from every cache of this process; answers the ended ids. */
async function endRows(knex: Knex, where: (q: Knex.QueryBuilder) => Knex.QueryBuilder, userId?: string): Promise<string[]> {
  await sessionsTable(knex);
  // The row only has to outlive requests still running in that session; the sweep removes it after.
  const rows: { sid: string }[] = await where(knex(TABLE))
    .andWhere({ ended: false })
    .update({ ended: true, expired: knex.raw('least(expired, ?)', [new Date(Date.now() + ENDED_ROW_KEPT_MS)]) })
    .returning('sid');
  const sids = rows.map((r) => r.sid);
  for (const store of liveStores) store.forget({ sids, userId });
  return sids;
}

/**
 * Ends every session of a user but `except` (the one that asked, after a password change).
 * Effective at once in this process and within SESSION_CACHE_MS in the others; answers the
 * ended session ids (publish them as SessionTopics.ended so the sockets close too).
 */
export async function endSessionsOf(knex: Knex, userId: string, options: { except?: string } = {}): Promise<string[]> {
  return endRows(
    knex,
    (q) => {
      const query = q.where({ user_id: userId });
      return options.except ? query.andWhereNot({ sid: options.except }) : query;
    },
    userId,
  );
}

export interface SessionMiddleware {
  middleware: RequestHandler;
  store: SessionStore;
  close(): void;
}

/** Sessions live in Postgres so every service of every process reads the same one (docs/decisions.md#d16-sessions-in-the-database-ended-everywhere). */
export function createSessionMiddleware(knex: Knex, options: { secret: string; secure: boolean; cacheMs?: number }): SessionMiddleware {
  const store = new SessionStore(knex, { cacheMs: options.cacheMs });
  const sessions = session({
    name: SESSION_COOKIE,
    secret: options.secret,
    store,
    resave: false,
    saveUninitialized: false,
    // Not rolling: a cookie and a row write on every request cost more than they give. The refresh below
    // rolls a signed-in session forward every SESSION_REFRESH_MS instead.
    rolling: false,
    // Whether a request came over https is express's req.secure: the X-Forwarded-Proto of a proxy that TRUST_PROXY
    // trusts counts, anyone else's does not. Such a request gets a Secure cookie whatever PUBLIC_URL and NODE_ENV say.
    proxy: undefined,
    cookie: { httpOnly: true, sameSite: 'lax', secure: options.secure || 'auto', maxAge: THIRTY_DAYS_MS },
  });
  const refresh: RequestHandler = (req, _res, next) => {
    const current = req.session as (typeof req.session & Partial<SessionData>) | undefined;
    // Socket.IO handshakes read the session only; their answers are no place to renew a cookie.
    if (current?.userId && !req.url.startsWith('/socket.io/')) {
      const now = Date.now();
      // Changing the data makes express-session write the row and send the cookie with a fresh expiry.
      if (now - (current.refreshedAt ?? 0) > SESSION_REFRESH_MS) current.refreshedAt = now;
    }
    next();
  };
  const signedIn = signedSessionIds(options.secret);
  /**
   * A request whose session this process has just read (SESSION_CACHE_MS) and that needs no refresh
   * gets it without express-session: no cookie parse of every name, no session hash before and
   * after, no hook on the answer. It must change nothing in the session, so there is nothing to
   * save: a read, or a signed-in user's write outside /api/auth/ (only the sign-in flows change a
   * session, and the idempotency keys of signed-out ones); anything else (a miss, a refresh due, no
   * session) takes the full path below.
   */
  const cachedSession = (req: Request, signedInOnly: boolean): boolean => {
    const sid = signedIn(req.headers.cookie);
    if (!sid) return false;
    const data = store.peek(sid);
    if (!data || !data.cookie) return false;
    if (signedInOnly && !data.userId) return false;
    if (data.userId && Date.now() - (data.refreshedAt ?? 0) > SESSION_REFRESH_MS) return false;
    req.sessionID = sid;
    // express-session gave the store its generate() when it was set up above.
    req.sessionStore = store as unknown as Request['sessionStore'];
    store.createSession(req, data);
    return true;
  };
  const middleware: RequestHandler = (req, res, next) => {
    if (!req.url.startsWith('/api/auth/') && !req.url.startsWith('/socket.io/')) {
      if (req.method === 'GET' || req.method === 'HEAD') {
        // A read without the cookie has no session to load, and the one express-session would make up (an id,
        // a hash) is thrown away unsaved: the busiest requests skip it. Sign-in flows (/api/auth/, OAuth's GETs)
        // keep their session.
        if (!req.headers.cookie?.includes(`${SESSION_COOKIE}=`)) return next();
        if (cachedSession(req, false)) return next();
      } else if (cachedSession(req, true)) return next();
    }
    sessions(req, res, (err?: unknown) => (err ? next(err) : refresh(req, res, next)));
  };
  return { middleware, store, close: () => store.close() };
}

const VERIFIED_LIMIT = 10_000;

/**
 * The session id in a Cookie header, when its signature holds (express-session's format:
 * `s:<id>.<base64 HMAC-SHA256 of the id, without padding>`, URL-encoded). Signatures already
 * verified are remembered, so a signed-in reader's requests after the first cost no HMAC.
 */
export function signedSessionIds(secret: string): (header: string | undefined) => string | undefined {
  const verified = new Map<string, string | false>();
  return (header) => {
    if (!header) return undefined;
    const raw = cookieValue(header, SESSION_COOKIE);
    if (raw === undefined) return undefined;
    let sid = verified.get(raw);
    if (sid === undefined) {
      sid = unsign(raw, secret);
      if (verified.size >= VERIFIED_LIMIT) verified.clear();
      verified.set(raw, sid);
    }
    return sid || undefined;
  };
}

/** The first cookie of that name, decoded as the `cookie` package (express-session's parser) decodes it. */
export function cookieValue(header: string, name: string): string | undefined {
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    let value = part.slice(eq + 1).trim();
    if (value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    try {
      return value.includes('%') ? decodeURIComponent(value) : value;
    } catch {
      return value;
    }
  }
  return undefined;
}

function unsign(raw: string, secret: string): string | false {
  if (!raw.startsWith('s:')) return false;
  const signed = raw.slice(2);
  const dot = signed.lastIndexOf('.');
  if (dot < 0) return false;
  const value = signed.slice(0, dot);
  const expected = Buffer.from(`${value}.${createHmac('sha256', secret).update(value).digest('base64').replace(/=+$/, '')}`);
  const given = Buffer.from(signed);
  return expected.length === given.length && timingSafeEqual(expected, given) ? value : false;
}
