/**
 * `npm run bench:community -- [--participants 200] [--seconds 20] [--rate 1] [--warmup 5]`
 *
 * One hackathon community room on Postgres (BENCH_DATABASE_URL, a schema of its own): starts the
 * embedded app in a child process, appends an accepted hackathon to its store, signs up N users
 * who register for it and join its room with one socket each, then every participant posts
 * `--rate` messages a second (POST /api/community/{id}/messages, spread over the second) for the
 * given time, right after `--warmup` seconds of the same posts that are not measured (the server's
 * first posts compile its code: the first seconds' p99 was two to five times the rest's). Every socket
 * in the room should receive every message once (its own included): prints delivered/expected,
 * duplicates, POST errors, and the p50/p99 of the delivery latency (from the start of the POST to
 * the socket's new_community_message) and of the POSTs.
 * Exits 1 if any message was lost or delivered twice (or a POST failed).
 *
 * `--client lean` (the default) receives on WebSockets spoken on bare TCP sockets
 * (bench/lean-socket.ts), each new_community_message recognised by its text's bytes (see
 * numberInPacket); `--client socket.io` on socket.io-client, which decodes every packet and spends
 * several µs more CPU per message on the cores the app shares.
 * With BENCH_STATEMENTS=file the app counts its SQL statements, and the bench prints them per POST.
 */
import crypto from 'node:crypto';
import { parseArgs } from 'node:util';
import { io } from 'socket.io-client';
import { createKnex } from '@circuit/shared/db/knex';
import { PostgresEventStore } from '@circuit/shared/adapters/event-store/postgres-event-store';
import { appendListedHackathon } from '@circuit/command-service/hackathon-registrations/hackathon-fixtures';
import { appCpuMs, client, inBatches, leanClient, postgresCpuMs, startServer, statementsSince } from './app';
import { fmt, intArg, percentile, table } from './lib';
import { LeanSocket } from './lean-socket';

const { values } = parseArgs({
  options: {
    participants: { type: 'string', default: '200' },
    seconds: { type: 'string', default: '20' },
    /** Messages per participant per second. */
    rate: { type: 'string', default: '1' },
    client: { type: 'string', default: 'lean' },
    /** Seconds of unmeasured posts before the measured ones. */
    warmup: { type: 'string', default: '5' },
  },
});
const PARTICIPANTS = intArg(values.participants, 200);
const SECONDS = intArg(values.seconds, 20);
const RATE = Number(values.rate) > 0 ? Number(values.rate) : 1;
if (values.client !== 'lean' && values.client !== 'socket.io') throw new Error('--client is lean or socket.io');
const CLIENT = values.client;
const WARMUP = Number(values.warmup) >= 0 ? Number(values.warmup) : 5;

const ownCpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

/** A participant's socket in the room, whichever client speaks for it. */
interface RoomSocket {
  /** Called with the number of each bench message the socket receives (see numberOfText), -1 for any other. */
  onMessageNumber(handler: (n: number) => void): void;
  close(): void;
}

/**
 * Every participant's n-th post (counted from the first warm-up post) is `bench {index}-{n}` when
 * measured (`warm-up {index}-{n}` before): a message's text gives its number, index * PER_USER + n,
 * without a table of texts to look it up in.
 */
const PER_USER = Math.ceil((WARMUP + SECONDS) * RATE) + 2;
const BENCH_TEXT = /^bench (\d+)-(\d+)$/;
const numberOfText = (text: string) => {
  const m = BENCH_TEXT.exec(text);
  return m ? Number(m[1]) * PER_USER + Number(m[2]) : -1;
};

const TEXT_FIELD = Buffer.from('"message":"bench ');
/**
 * The number of the bench message in a `new_community_message` packet's bytes, -1 for any other
 * text. The lean client reads only this field (the message's first "message" key: its author and
 * the replied message come after it) instead of decoding the whole packet: on the two cores the
 * app shares with this process, decoding 40,000 packets a second took a fifth of a core that
 * a participant's own device would spend, not the server.
 */
function numberInPacket(packet: Buffer): number {
  let at = packet.indexOf(TEXT_FIELD);
  if (at < 0) return -1;
  at += TEXT_FIELD.length;
  let index = 0;
  let n = 0;
  for (let c = packet[at]!; c >= 48 && c <= 57; c = packet[++at]!) index = index * 10 + c - 48;
  if (packet[at++] !== 45 /* - */) return -1;
  for (let c = packet[at]!; c >= 48 && c <= 57; c = packet[++at]!) n = n * 10 + c - 48;
  return packet[at] === 34 /* " */ ? index * PER_USER + n : -1;
}

interface Participant {
  id: string;
  cookie: string;
  socket?: RoomSocket;
}

/** A socket of the participant's, in the hackathon's room. */
async function joinRoom(base: string, cookie: string, hackathonId: string): Promise<RoomSocket> {
  let joined: { ok: boolean; message?: string };
  let socket: RoomSocket;
  if (CLIENT === 'lean') {
    const lean = await LeanSocket.connect(base, cookie);
    socket = {
      onMessageNumber: (handler) => lean.onRaw('new_community_message', (packet) => handler(numberInPacket(packet))),
      close: () => lean.close(),
    };
    sockets.push(socket);
    joined = (await lean.emitWithAck(10_000, 'join_community', hackathonId)) as typeof joined;
  } else {
    const s = io(base, { transports: ['websocket'], extraHeaders: { cookie }, reconnection: false });
    socket = {
      onMessageNumber: (handler) => s.on('new_community_message', (m: { message: string }) => handler(numberOfText(m.message))),
      close: () => s.close(),
    };
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      s.once('connect', () => resolve());
      s.once('connect_error', reject);
    });
    joined = (await s.timeout(10_000).emitWithAck('join_community', hackathonId)) as typeof joined;
  }
  if (!joined.ok) throw new Error(`join refused: ${joined.message}`);
  return socket;
}

const server = await startServer({ database: 'postgres' });

const { call, createUser } = client(server.base);
const sockets: RoomSocket[] = [];
const poster = leanClient(server.base, 1024);
try {
  const setupStarted = Date.now();
  const [organiser, ...users] = (await inBatches(PARTICIPANTS + 1, 20, createUser)) as Participant[];

  // An accepted hackathon with room for everyone, appended to the app's store as create and approve would.
  const knex = await createKnex({ kind: 'postgres', url: server.databaseUrl!, poolMax: 2 });
  const store = await PostgresEventStore.create(knex);
  const { hackathonId } = await appendListedHackathon(store, { createdBy: organiser!.id, maxParticipants: PARTICIPANTS + 10 });
  await store.close();
  await knex.destroy();
  for (let t = 0; (await fetch(`${server.base}/api/hackathons/${hackathonId}`)).status !== 200; t++) {
    if (t > 300) throw new Error('the hackathon never reached the read models');
    await new Promise((r) => setTimeout(r, 100));
  }
  await inBatches(users.length, 20, (i) => call('POST', `/api/hackathons/${hackathonId}/register`, {}, users[i]!.cookie));
  await inBatches(users.length, 50, async (i) => {
    users[i]!.socket = await joinRoom(server.base, users[i]!.cookie, hackathonId);
  });
  console.log(`setup: ${users.length} participants registered, in the room, in ${((Date.now() - setupStarted) / 1000).toFixed(1)} s`);

  // The load generator shares the machine's cores with the app, so it is kept lean: POSTs on
  // kept-alive TCP connections (leanClient), and the receipts counted in typed arrays by
  // message number. Every socket still receives every message, and each is recognised by its text.
  const capacity = users.length * PER_USER;
  /** When each measured message's POST started, by number (NaN: not a measured message). */
  const startedAt = new Float64Array(capacity).fill(NaN);
  /** How often each socket received each message (by number). */
  const received = users.map(() => new Uint8Array(capacity));
  const latencies: number[] = [];
  const postLatencies: number[] = [];
  let duplicates = 0;
  let errors = 0;
  let sent = 0;
  users.forEach((u, index) => {
    const times = received[index]!;
    u.socket!.onMessageNumber((n) => {
      if (!(n >= 0 && n < capacity) || Number.isNaN(startedAt[n]!)) return;
      if (times[n]! > 0) duplicates++;
      else latencies.push(performance.now() - startedAt[n]!);
      times[n] = Math.min(255, times[n]! + 1);
    });
  });

  const sendMessage = (u: Participant, text: string) =>
    poster.request('POST', `/api/community/${hackathonId}/messages`, u.cookie, { message: text, clientMessageId: crypto.randomUUID() });

  /** A warm-up post: delivered like any other, but its text is unknown to the sockets' counting. */
  async function warmUpPost(u: Participant, text: string) {
    try {
      await sendMessage(u, text);
    } catch (error) {
      if (++errors <= 3) console.error(`  warm-up POST failed: ${(error as Error).message}`);
    }
  }

  async function post(u: Participant, text: string) {
    const t = performance.now();
    const n = numberOfText(text);
    if (n < 0 || n >= capacity) throw new Error('more messages than the schedule allows');
    startedAt[n] = t;
    try {
      await sendMessage(u, text);
      sent++;
      postLatencies.push(performance.now() - t);
    } catch (error) {
      startedAt[n] = NaN;
      if (++errors <= 3) console.error(`  POST failed: ${(error as Error).message}`);
    }
  }

  const interval = 1000 / RATE;
  /**
   * Every participant posts `RATE` messages a second, on one schedule: warm-up posts for `WARMUP`
   * seconds, then measured ones for `SECONDS`, with no pause between (a pause made the measure's
   * first half second a burst: every poster's leased rate counters and session had gone stale).
   * `measuring()` is called when the measured posts begin; resolves when every POST has answered.
   */
  async function postAll(measuring: () => void) {
    const begin = Date.now();
    const measureFrom = begin + WARMUP * 1000;
    const end = measureFrom + SECONDS * 1000;
    const startMeasure = WARMUP > 0 ? setTimeout(measuring, WARMUP * 1000) : void measuring();
    const inFlight: Promise<void>[] = [];
    await Promise.all(
      users.map(async (u, index) => {
        // Each participant keeps a phase of its own within the interval, so the posts do not all
        // land in one burst (the schedule used to keep only the first post's: every later post of
        // all 200 came at the same instant each second).
        const phase = Math.random() * interval;
        await new Promise((r) => setTimeout(r, phase));
        for (let n = 0; Date.now() < end; n++) {
          const next = begin + phase + (n + 1) * interval;
          inFlight.push(Date.now() < measureFrom ? warmUpPost(u, `warm-up ${index}-${n}`) : post(u, `bench ${index}-${n}`));
          await new Promise((r) => setTimeout(r, Math.max(0, next - Date.now())));
        }
      }),
    );
    clearTimeout(startMeasure);
    await Promise.all(inFlight);
  }

  console.log(`database: postgres, ${users.length} participants, ${RATE} message(s)/s each, ${SECONDS} s after ${WARMUP} s of warm-up, ${CLIENT} sockets`);
  let begin = Date.now();
  let cpuBefore = { app: NaN, load: NaN, postgres: NaN };
  let statementsBefore: Promise<unknown> = Promise.resolve();
  const measuring = () => {
    begin = Date.now();
    cpuBefore = { app: appCpuMs(server) ?? NaN, load: ownCpuMs(), postgres: postgresCpuMs() ?? NaN };
    statementsBefore = statementsSince(server);
  };
  await postAll(measuring);
  await statementsBefore;
  const elapsed = (Date.now() - begin) / 1000;
  // Let the deliveries in flight arrive.
  const expected = () => sent * users.length;
  for (let i = 0; i < 100 && latencies.length < expected(); i++) await new Promise((r) => setTimeout(r, 100));
  // The CPU each side spent on the run (the app: POSTs and deliveries; this process: the POSTs' clients and the sockets).
  const cpu = { app: (appCpuMs(server) ?? NaN) - cpuBefore.app, load: ownCpuMs() - cpuBefore.load, postgres: (postgresCpuMs() ?? NaN) - cpuBefore.postgres };

  const statements = await statementsSince(server);
  latencies.sort((a, b) => a - b);
  postLatencies.sort((a, b) => a - b);
  const lost = expected() - latencies.length;
  console.log(`\nCommunity room on Postgres: ${users.length} participants, ${RATE} message(s)/s each, ${SECONDS} s after ${WARMUP} s of warm-up (${elapsed.toFixed(1)} s with the last posts):\n`);
  table(
    ['sent', 'delivered / expected', 'lost', 'duplicates', 'POST errors', 'deliveries/s', 'delivery p50 / p99', 'POST p50 / p99'],
    [
      [
        sent,
        `${latencies.length} / ${expected()}`,
        lost,
        duplicates,
        errors,
        fmt(latencies.length / elapsed, 0),
        `${fmt(percentile(latencies, 50))} / ${fmt(percentile(latencies, 99))} ms`,
        `${fmt(percentile(postLatencies, 50))} / ${fmt(percentile(postLatencies, 99))} ms`,
      ],
    ],
  );
  const perPost = (ms: number) => fmt(ms / Math.max(1, sent), 2);
  const perDelivery = (ms: number) => fmt((ms * 1000) / Math.max(1, latencies.length), 0);
  console.log(
    `\nCPU over the run: app ${fmt(cpu.app / 1000, 1)} s (${perPost(cpu.app)} ms per POST, ${perDelivery(cpu.app)} µs per delivery), ` +
      `load generator ${fmt(cpu.load / 1000, 1)} s (${perPost(cpu.load)} ms per POST, ${perDelivery(cpu.load)} µs per delivery)` +
      (Number.isNaN(cpu.postgres) ? '' : `, local Postgres ${fmt(cpu.postgres / 1000, 1)} s (${perPost(cpu.postgres)} ms per POST)`),
  );
  if (statements) {
    const rows = Object.entries(statements).sort((x, y) => y[1] - x[1]);
    const perPostOf = (c: number) => (c / Math.max(1, sent)).toFixed(2);
    console.log(`\nSQL statements per POST: ${perPostOf(rows.reduce((sum, [, c]) => sum + c, 0))}`);
    for (const [sql, c] of rows.slice(0, 15)) console.log(`  ${perPostOf(c).padStart(6)}  ${sql}`);
  }
  process.exitCode = lost > 0 || duplicates > 0 || errors > 0 ? 1 : 0;
} finally {
  for (const s of sockets) s.close();
  poster.close();
  await server.stop();
}
