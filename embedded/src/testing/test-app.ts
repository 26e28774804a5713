import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import supertest from 'supertest';
import { loadConfig, type Config } from '@circuit/shared/config';
import type { Knex } from '@circuit/shared/db/knex';
import type { Role } from '@circuit/shared/events/accounts';
import { createLogger, type Logger } from '@circuit/shared/logger';
import type { SentMail } from '@circuit/shared/ports/mailer';
import { LocalFileStore } from '@circuit/shared/adapters/file-store/local-file-store';
import type { AbuseLimits } from '@circuit/command-service/http/rate-limits';
import { composeEmbedded, type Embedded, type EmbeddedOptions } from '../compose';
import { checkedAgent } from './checked-agent';
import { composedPglite } from './composed-database';

export { checkedAgent };

/**
 * The whole embedded app (command, projection and realtime services) for HTTP tests: composed on
 * an in-memory PGlite unless a knex or a DATA_DIR is given, with generous rate limits, no seed and
 * a clock the test can move forward. Nothing touches ./data.
 *
 *   const t = await createTestApp();
 *   const agent = t.request();               // a supertest agent with its own cookie jar
 *   await agent.post('/api/auth/signup').send({...}).expect(201);
 *   const code = await t.latestOtp(email);   // the code from the dev mailbox
 *   await t.stop();
 */

export type Agent = supertest.Agent;


export interface TestAppOptions {
  /** Environment for loadConfig, over the test defaults (NODE_ENV=test, SEED=false, LOG_LEVEL=silent). */
  env?: Record<string, string | undefined>;
  /** A ready config instead of `env`. */
  config?: Config;
  /** A database to compose on (it stays open after stop()). Default: an in-memory copy of a database the app was composed on once per worker (composed-database.ts), or DATA_DIR when env gives one. */
  knex?: Knex;
  /** Abuse limits; default GENEROUS_RATE_LIMITS (tests of the limits pass their own, e.g. limitsFromConfig). */
  rateLimits?: AbuseLimits;
  /** The payments service of team registration (a double in tests). */
  teamPayments?: EmbeddedOptions['teamPayments'];
  /** Where data exports' archives go (default: a temporary directory, DATA_DIR/data-exports when env gives a DATA_DIR). */
  exportStore?: EmbeddedOptions['exportStore'];
  /** The app's logger (default: silent), e.g. one that keeps the lines a test reads. */
  log?: Logger;
}

export interface NewUser {
  username: string;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

export interface TestApp {
  app: Embedded['app'];
  embedded: Embedded;
  config: Config;
  knex: Knex;
  store: Embedded['store'];
  mailbox: Embedded['mailbox'];
  /** A new supertest agent: requests through it share cookies (one browser); every /api answer is checked against the OpenAPI document. */
  request(): Agent;
  clock: { now(): Date; advance(ms: number): void };
  /** Where this app's uploads are stored (a temporary directory). */
  uploadsDir: string;
  /** Mail to an address, newest first, as GET /dev/mailbox?to= answers it. */
  mailsTo(email: string): Promise<SentMail[]>;
  /**
   * Waits (up to `timeoutMs`, default 5 s) for a mail to `email` carrying a 6-digit code and returns
   * the code of the newest one. `after`: how many mails that address had before, so only a newer mail counts.
   */
  latestOtp(email: string, options?: { after?: number; subject?: RegExp; timeoutMs?: number }): Promise<string>;
  /** Waits for a newer mail to `email` (see latestOtp) whose subject matches, and returns it. */
  latestMail(email: string, options?: { after?: number; subject?: RegExp; timeoutMs?: number }): Promise<SentMail>;
  /** A user nobody has taken yet (username and e-mail unique per call). */
  newUser(overrides?: Partial<NewUser>): NewUser;
  /** Signs the user up and verifies the e-mail with the mailed code; the agent is left signed out. */
  signUpVerified(user?: NewUser, agent?: Agent): Promise<{ user: NewUser; agent: Agent }>;
  /** Signs up, verifies and signs in; the agent carries the session. */
  signedIn(user?: NewUser): Promise<{ user: NewUser; agent: Agent; userId: string }>;
  /** A verified account of `role` made through the command side (no mail), signed in; the agent carries the session. */
  member(role?: Role): Promise<{ agent: Agent; userId: string; username: string; email: string }>;
  /** Waits until every read model includes everything stored so far (for events appended to the store directly). */
  caughtUp(timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}

/** Limits no test reaches by accident; the decider's own 60-second code cooldown still applies. */
export const GENEROUS_RATE_LIMITS: AbuseLimits = {
  windowMs: 60_000,
  clientRequests: 1_000_000,
  clientFailedSignIns: 1_000_000,
  signInFreeFailures: 1_000_000,
  signInBaseDelayMs: 1_000,
  signInMaxDelayMs: 1_000,
  codesPerAddress: 1_000_000,
  resetsPerAddress: 1_000_000,
  addressWindowMs: 60_000,
  addressCooldownMs: 0,
};

const CODE = /\b(\d{6})\b/;
let counter = 0;

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const config = options.config ?? loadConfig({ NODE_ENV: 'test', SEED: 'false', LOG_LEVEL: 'silent', ...options.env });
  const ownKnex = options.knex ? undefined : options.env?.DATA_DIR ? undefined : await composedPglite();
  let offset = 0;
  const clock = {
    now: () => new Date(Date.now() + offset),
    advance: (ms: number) => {
      offset += ms;
    },
  };
  // Uploaded images go to a temporary directory (DATA_DIR/uploads when the test gives a DATA_DIR).
  const uploadsDir = options.env?.DATA_DIR ? undefined : fs.mkdtempSync(path.join(os.tmpdir(), 'circuit-uploads-'));
  const embedded = await composeEmbedded({
    config,
    knex: options.knex ?? ownKnex,
    log: options.log ?? createLogger('test-app', 'silent'),
    now: clock.now,
    rateLimits: options.rateLimits ?? GENEROUS_RATE_LIMITS,
    uploadsDir,
    exportStore: options.exportStore ?? (uploadsDir ? new LocalFileStore(fs.mkdtempSync(path.join(os.tmpdir(), 'circuit-exports-'))) : undefined),
    teamPayments: options.teamPayments,
  });
  const { app } = embedded;

  async function mailsTo(email: string): Promise<SentMail[]> {
    const res = await supertest(app).get('/dev/mailbox').query({ to: email }).set('Accept', 'application/json');
    if (res.status !== 200) throw new Error(`GET /dev/mailbox answered ${res.status}`);
    return (res.body as { data: SentMail[] }).data;
  }

  async function latestMail(email: string, { after = 0, subject, timeoutMs = 5_000 }: { after?: number; subject?: RegExp; timeoutMs?: number } = {}) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const mails = await mailsTo(email);
      const fresh = mails.slice(0, Math.max(0, mails.length - after)).filter((m) => !subject || subject.test(m.subject));
      if (fresh[0]) return fresh[0];
      if (Date.now() > deadline) {
        throw new Error(`No new mail to ${email}${subject ? ` matching ${subject}` : ''} within ${timeoutMs} ms (${mails.length} in the mailbox)`);
      }
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  async function latestOtp(email: string, options: { after?: number; subject?: RegExp; timeoutMs?: number } = {}) {
    const deadline = Date.now() + (options.timeoutMs ?? 5_000);
    for (;;) {
      const mail = await latestMail(email, { ...options, timeoutMs: Math.max(0, deadline - Date.now()) });
      const code = CODE.exec(mail.text)?.[1];
      if (code) return code;
      if (Date.now() > deadline) throw new Error(`The newest mail to ${email} ("${mail.subject}") carries no 6-digit code`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  function newUser(overrides: Partial<NewUser> = {}): NewUser {
    counter += 1;
    const tag = `${counter}${randomBytes(3).toString('hex')}`;
    return {
      username: `user_${tag}`,
      email: `user.${tag}@example.test`,
      password: 'secret123',
      firstName: 'Test',
      lastName: `User${counter}`,
      ...overrides,
    };
  }

  async function signUpVerified(user = newUser(), agent = checkedAgent(app)) {
    const signup = await agent.post('/api/auth/signup').send(user);
    if (signup.status !== 201) throw new Error(`signup answered ${signup.status}: ${JSON.stringify(signup.body)}`);
    const otp = await latestOtp(user.email);
    const verify = await agent.post('/api/auth/verify-email').send({ email: user.email, otp });
    if (verify.status !== 200) throw new Error(`verify-email answered ${verify.status}: ${JSON.stringify(verify.body)}`);
    return { user, agent };
  }

  async function signedIn(user = newUser()) {
    const { agent } = await signUpVerified(user);
    const login = await agent.post('/api/auth/login').send({ identifier: user.username, password: user.password });
    if (login.status !== 200) throw new Error(`login answered ${login.status}: ${JSON.stringify(login.body)}`);
    return { user, agent, userId: (login.body as { data: { id: string } }).data.id };
  }

  async function member(role: Role = 'user') {
    const user = newUser();
    const { userId } = await embedded.commands.accounts.register({ ...user, role, emailVerified: true }, {});
    const agent = checkedAgent(app);
    await agent.post('/api/auth/login').send({ identifier: user.username, password: user.password }).expect(200);
    return { agent, userId, username: user.username, email: user.email };
  }

  async function caughtUp(timeoutMs = 30_000) {
    const head = await embedded.store.headPosition();
    if (!(await embedded.progress.waitFor(head, timeoutMs))) throw new Error(`the read models did not reach position ${head} within ${timeoutMs} ms`);
  }

  let stopped = false;
  return {
    app,
    embedded,
    config,
    knex: embedded.knex,
    store: embedded.store,
    mailbox: embedded.mailbox,
    request: () => checkedAgent(app),
    clock,
    uploadsDir: uploadsDir ?? path.join(config.DATA_DIR, 'uploads'),
    mailsTo,
    latestOtp,
    latestMail,
    newUser,
    signUpVerified,
    signedIn,
    member,
    caughtUp,
    async stop() {
      if (stopped) return;
      stopped = true;
      await embedded.stop();
      await ownKnex?.destroy();
      if (uploadsDir) fs.rmSync(uploadsDir, { recursive: true, force: true });
    },
  };
}

/** A member as `member()` answers it: signed in, the agent carrying the session. */
export type Member = Awaited<ReturnType<TestApp['member']>>;

/**
 * A test app and a member of each role given (in that order), for a describe block's beforeAll:
 *
 *   beforeAll(async () => ({ t, members: [organiser, moderator] } = await appWithMembers(['user', 'moderator'])));
 *   afterAll(async () => t?.stop());
 *
 * The app is stopped here when a member cannot be made: the caller never gets it to stop.
 */
export async function appWithMembers<const Roles extends readonly Role[]>(
  roles: Roles,
  options: TestAppOptions = {},
): Promise<{ t: TestApp; members: { -readonly [K in keyof Roles]: Member } }> {
  const t = await createTestApp(options);
  try {
    const members = await Promise.all(roles.map((role) => t.member(role)));
    return { t, members: members as { -readonly [K in keyof Roles]: Member } };
  } catch (error) {
    await t.stop();
    throw error;
  }
}
