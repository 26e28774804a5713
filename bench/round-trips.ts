/**
 * `npm run bench:round-trips -- [--commands 200] [--top 25]`
 *
 * Counts, rather than times: the SQL statements sent to Postgres per command (a follow or
 * unfollow over HTTP with read-your-writes, by one client and by 20 at once, a private chat
 * message over a socket, a community chat post, a signed-in read), which statements they are,
 * and the CPU this process used per command. Every statement is one round trip to the server,
 * and on a machine whose cores are shared these counts do not move from run to run the way
 * latencies do (the 20-client count does a little: concurrent commands share feed reads and
 * projection batches, more or fewer of them depending on timing). The app runs
 * in this process (the embedded composition on a schema of its own) so that every query of the
 * pg driver is seen, the background ones (subscribers, pollers) included: those show up as the
 * statements that are not a multiple of the command count.
 */
import { parseArgs } from 'node:util';
import pg from 'pg';
import { io } from 'socket.io-client';
import { loadConfig } from '@circuit/shared/config';
import { createLogger } from '@circuit/shared/logger';
import { createKnex } from '@circuit/shared/db/knex';
import { composeEmbedded } from '../embedded/src/compose';
import { appendListedHackathon } from '@circuit/command-service/hackathon-registrations/hackathon-fixtures';
import { DEFAULT_USER_RATE_RULES } from '@circuit/shared/http/user-rate-limit';
import { client } from './app';
import { BENCH_DATABASE_URL, benchSchema, intArg } from './lib';

const { values } = parseArgs({ options: { commands: { type: 'string', default: '200' }, top: { type: 'string', default: '25' } } });
const COMMANDS = intArg(values.commands, 200);
const TOP = intArg(values.top, 25);

const counts = new Map<string, number>();
let total = 0;
const original = pg.Client.prototype.query as (...args: unknown[]) => unknown;
(pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown }).query = function (this: pg.Client, ...args: unknown[]) {
  const first = args[0];
  const text = typeof first === 'string' ? first : (first as { text?: string } | undefined)?.text ?? '?';
  const key = text.replace(/\s+/g, ' ').trim().slice(0, 110);
  counts.set(key, (counts.get(key) ?? 0) + 1);
  total++;
  return original.apply(this, args);
};

function snapshot(): { total: number; counts: Map<string, number>; cpu: NodeJS.CpuUsage } {
  return { total, counts: new Map(counts), cpu: process.cpuUsage() };
}

function report(label: string, before: ReturnType<typeof snapshot>, n: number): void {
  const rows = [...counts.entries()]
    .map(([sql, c]) => [sql, c - (before.counts.get(sql) ?? 0)] as const)
    .filter(([, c]) => c > 0)
    .sort((a, b) => b[1] - a[1]);
  const cpu = process.cpuUsage(before.cpu);
  // CPU of this process (the app and the client that drives it) per command: moves less than latency on a shared machine.
  console.log(`\n${label}: ${total - before.total} statements for ${n} = ${((total - before.total) / n).toFixed(2)} per command; CPU ${((cpu.user + cpu.system) / n).toFixed(0)} µs per command`);
  for (const [sql, c] of rows.slice(0, TOP)) console.log(`  ${(c / n).toFixed(2).padStart(6)}  ${sql}`);
}

const schema = await benchSchema('round_trips', 1);
const url = new URL(BENCH_DATABASE_URL);
url.searchParams.set('options', `-c search_path=${schema.schema}`);
const config = loadConfig({
  ...process.env,
  DATABASE_URL: url.toString(),
  SEED: 'false',
  LOG_LEVEL: 'warn',
  SCRYPT_COST: '1024',
  NODE_ENV: 'development',
  LIMIT_CLIENT_REQUESTS: '1000000',
  RATE_LIMIT_MESSAGES: '1000000',
  RATE_LIMIT_FOLLOWS: '1000000',
  RATE_LIMIT_WRITES: '1000000',
  PORT: '0',
});
const knex = await createKnex({ kind: 'postgres', url: url.toString() });
const app = await composeEmbedded({ config, knex, log: createLogger('round-trips', 'warn') });
const port = await app.listen(0);
const { call, createUser } = client(`http://127.0.0.1:${port}`);
try {
  const [a, b] = [await createUser(1), await createUser(2)];
  // Warm-up: caches filled, code compiled.
  for (let i = 0; i < 10; i++) await call('POST', `/api/users/${i % 2 ? 'unfollow' : 'follow'}/${b.id}`, undefined, a.cookie);
  let before = snapshot();
  for (let i = 0; i < COMMANDS; i++) await call('POST', `/api/users/${i % 2 ? 'unfollow' : 'follow'}/${b.id}`, undefined, a.cookie);
  report('follow/unfollow over HTTP, one client', before, COMMANDS);

  // 20 clients at once, each on its own pair (as bench:writes): feed reads and projection batches are shared.
  const pairs = await Promise.all(Array.from({ length: 40 }, (_, i) => createUser(10 + i)));
  const toggles = async (n: number) =>
    Promise.all(
      Array.from({ length: 20 }, async (_, c) => {
        for (let i = 0; i < n; i++) await call('POST', `/api/users/${i % 2 ? 'unfollow' : 'follow'}/${pairs[2 * c + 1]!.id}`, undefined, pairs[2 * c]!.cookie);
      }),
    );
  await toggles(4);
  before = snapshot();
  await toggles(Math.ceil(COMMANDS / 20) * 2);
  report('follow/unfollow over HTTP, 20 clients', before, 20 * Math.ceil(COMMANDS / 20) * 2);

  // A private chat message over a socket, sent when the previous one has arrived (one at a time).
  await call('POST', `/api/users/connect/${b.id}`, undefined, a.cookie);
  await call('POST', `/api/users/accept-connection/${a.id}`, undefined, b.cookie);
  const base = `http://127.0.0.1:${port}`;
  const [sa, sb] = [a, b].map((u) => io(base, { transports: ['websocket'], extraHeaders: { cookie: u.cookie }, reconnection: false }));
  await Promise.all([sa, sb].map((s) => new Promise<void>((resolve, reject) => (s!.once('connect', () => resolve()), s!.once('connect_error', reject)))));
  // Paced under the socket's event allowance (120 per 10 s): faster, the sends are refused and never arrive.
  const spacingMs = DEFAULT_USER_RATE_RULES.socketEvents.windowMs / DEFAULT_USER_RATE_RULES.socketEvents.limit + 1;
  const chat = async (n: number) => {
    for (let i = 0; i < n; i++) {
      const arrived = new Promise<void>((resolve) => sb!.once('private_message', () => resolve()));
      sa!.emit('private_message', { from: a.id, to: b.id, message: `m${i}`, replyTo: null });
      await Promise.all([arrived, new Promise((r) => setTimeout(r, spacingMs))]);
    }
  };
  await chat(10);
  before = snapshot();
  await chat(COMMANDS);
  report('private chat message over a socket, one at a time', before, COMMANDS);
  for (const s of [sa, sb]) s!.close();

  // A community chat post over HTTP (as bench:community), one at a time.
  const { hackathonId } = await appendListedHackathon(app.store, { createdBy: a.id, maxParticipants: 10 });
  for (let t = 0; (await fetch(`${base}/api/hackathons/${hackathonId}`)).status !== 200; t++) await new Promise((r) => setTimeout(r, 50));
  await call('POST', `/api/hackathons/${hackathonId}/register`, {}, b.cookie);
  for (let i = 0; i < 10; i++) await call('POST', `/api/community/${hackathonId}/messages`, { message: `warm ${i}` }, b.cookie);
  before = snapshot();
  for (let i = 0; i < COMMANDS; i++) await call('POST', `/api/community/${hackathonId}/messages`, { message: `post ${i}` }, b.cookie);
  report('community chat post over HTTP, one at a time', before, COMMANDS);

  before = snapshot();
  for (let i = 0; i < COMMANDS; i++) await call('GET', `/api/users/username/${b.username}`, undefined, a.cookie);
  report('signed-in GET /api/users/username/:username', before, COMMANDS);
} finally {
  await app.stop();
  await knex.destroy();
  await schema.cleanup();
}
