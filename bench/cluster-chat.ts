/**
 * `npm run bench:cluster-chat -- [--pairs 100] [--seconds 10] [--runs 3] [--warmup 3] [--bus postgres|kafka]`
 *
 * Private chat through the cluster as production runs it: the projection, command and realtime services each a
 * process of its own (run from their bundles, shared/src/testkit/service-processes.ts) on one Postgres schema
 * (BENCH_DATABASE_URL), the bus on Postgres LISTEN/NOTIFY, or on Kafka with `--bus kafka` (KAFKA_BROKERS, else a
 * broker of the bench's own from deploy/kafka-test/broker.sh, which needs Java and Maven). The embedded app of `npm run bench:realtime` has its bus in
 * process; here a send crosses it twice: socket -> realtime service -> bus group (the chat sends) -> command
 * service (append, read models) -> bus -> realtime service -> socket.
 *
 * `--pairs` connected pairs of users (their accounts and connections appended to the event store by
 * shared/src/testkit/connected-pairs.ts, and signed in with session cookies), each user on a Socket.IO socket.
 * Every pair plays ping-pong: each message is answered the moment it arrives, so every pair always has one
 * message in flight. After `--warmup` seconds that are not measured, `--runs` runs of `--seconds`: messages
 * delivered a second, and the latency from the send to the receiver's socket.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { io, type Socket } from 'socket.io-client';
import { connectedPairs } from '@circuit/shared/testkit/connected-pairs';
import { startBroker, stopBroker } from '@circuit/shared/testkit/kafka-broker';
import { signedInCookie } from '@circuit/shared/testkit/session-cookie';
import { listeningPort, schemaUrl, serviceEnv, startService, stopService, type Service } from '@circuit/shared/testkit/service-processes';
import { BENCH_DATABASE_URL, benchSchema, cpuMicros, fmt, intArg, median, percentile, table } from './lib';

const { values } = parseArgs({
  options: {
    pairs: { type: 'string', default: '100' },
    seconds: { type: 'string', default: '10' },
    runs: { type: 'string', default: '3' },
    warmup: { type: 'string', default: '3' },
    bus: { type: 'string', default: 'postgres' },
  },
});
const PAIRS = intArg(values.pairs, 100);
const SECONDS = intArg(values.seconds, 10);
const RUNS = intArg(values.runs, 3);
const WARMUP = intArg(values.warmup, 3);
const BUS = values.bus === 'kafka' ? 'kafka' : 'postgres';
const SESSION_SECRET = 'a-cluster-chat-bench-secret-of-enough-length';

interface Run {
  delivered: number;
  perSecond: number;
  latencies: number[];
  /** CPU of the three services over the run, per delivered message (ms). */
  cpuPerMessage: number;
}

async function main(): Promise<void> {
  const schema = await benchSchema('cluster_chat', 4);
  const url = schemaUrl(BENCH_DATABASE_URL, schema.schema);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'circuit-cluster-chat-'));
  const services: Service[] = [];
  const sockets: Socket[] = [];
  let ownBroker: { brokers: string; runDir: string } | undefined;
  try {
    const busEnv: NodeJS.ProcessEnv = {};
    if (BUS === 'kafka') {
      if (!process.env.KAFKA_BROKERS) ownBroker = await startBroker(fs.mkdtempSync(path.join(os.tmpdir(), 'circuit-bench-kafka-')));
      busEnv.KAFKA_BROKERS = process.env.KAFKA_BROKERS ?? ownBroker!.brokers;
    }
    const env = serviceEnv({ databaseUrl: url, dataDir, sessionSecret: SESSION_SECRET }, { ...busEnv, LOG_LEVEL: 'info', RATE_LIMIT_MESSAGES: '1000000', RATE_LIMIT_WRITES: '1000000' });
    const projection = await startService('projection-service', 'projection-service/src/main.ts', env);
    const command = await startService('command-service', 'command-service/src/main.ts', env);
    services.push(projection, command);
    await projection.logged(/projection service listening/);

    const users = await connectedPairs(schema.knex, PAIRS, { usernamePrefix: 'c', timeoutMs: 120_000 });
    const partner = (i: number) => i ^ 1;
    await Promise.all([command.logged(/^leading$/), command.logged(/command service listening/)]);
    const realtime = await startService('realtime-service', 'realtime-service/src/main.ts', env);
    services.push(realtime);
    await realtime.logged(/realtime service listening/);
    const base = `http://127.0.0.1:${listeningPort(realtime, 'realtime service listening')}`;

    // Ping-pong: the receiver of each message answers it at once; `sentAt` by client message id.
    const sentAt = new Map<string, number>();
    let measuring: Run | undefined;
    let errors = 0;
    let playing = true;
    const send = (from: number) => {
      if (!playing) return;
      const clientMessageId = randomUUID();
      sentAt.set(clientMessageId, performance.now());
      sockets[from]!.emit('private_message', { to: users[partner(from)], message: 'ping', replyTo: null, clientMessageId });
    };
    await Promise.all(
      users.map(async (id, i) => {
        const socket = io(base, { transports: ['websocket'], extraHeaders: { cookie: await signedInCookie(schema.knex, SESSION_SECRET, id) }, reconnection: false, forceNew: true });
        sockets[i] = socket;
        socket.on('private_message', (m: { from: string; clientMessageId?: string }) => {
          if (m.from === id || !m.clientMessageId) return; // the sender's own copy
          const started = sentAt.get(m.clientMessageId);
          sentAt.delete(m.clientMessageId);
          if (started !== undefined && measuring) {
            measuring.delivered += 1;
            measuring.latencies.push(performance.now() - started);
          }
          send(i);
        });
        socket.on('message_error', () => {
          errors += 1;
        });
        await new Promise<void>((resolve, reject) => {
          socket.once('connect', () => resolve());
          socket.once('connect_error', reject);
        });
      }),
    );

    console.log(`cluster chat, bus on ${BUS}: ${PAIRS} pairs, ${users.length} sockets; warm-up ${WARMUP} s, ${RUNS} runs of ${SECONDS} s`);
    for (let i = 0; i < users.length; i += 2) send(i);
    await new Promise((r) => setTimeout(r, WARMUP * 1000));
    const servicesCpu = () => services.reduce((sum, s) => sum + cpuMicros(s.child.pid), 0);
    const runs: Run[] = [];
    for (let r = 0; r < RUNS; r++) {
      const cpuBefore = servicesCpu();
      const run: Run = { delivered: 0, perSecond: 0, latencies: [], cpuPerMessage: 0 };
      const started = performance.now();
      measuring = run;
      await new Promise((resolve) => setTimeout(resolve, SECONDS * 1000));
      measuring = undefined;
      const elapsed = (performance.now() - started) / 1000;
      run.perSecond = run.delivered / elapsed;
      run.cpuPerMessage = (servicesCpu() - cpuBefore) / 1000 / Math.max(1, run.delivered);
      run.latencies.sort((a, b) => a - b);
      console.log(
        `run ${r + 1}: ${run.delivered} delivered, ${fmt(run.perSecond, 0)} messages/s, latency ms p50 ${fmt(percentile(run.latencies, 50))} p99 ${fmt(percentile(run.latencies, 99))}; services' CPU ${fmt(run.cpuPerMessage, 2)} ms a message`,
      );
      runs.push(run);
    }
    playing = false;
    console.log(`\nPrivate chat through the cluster (bus on ${BUS}), ${PAIRS} pairs in ping-pong, median of ${RUNS} runs of ${SECONDS} s:\n`);
    table(
      ['messages/s', 'p50 ms', 'p99 ms', "services' CPU per message", 'refused'],
      [[fmt(median(runs.map((r) => r.perSecond)), 0), fmt(median(runs.map((r) => percentile(r.latencies, 50)))), fmt(median(runs.map((r) => percentile(r.latencies, 99)))), `${fmt(median(runs.map((r) => r.cpuPerMessage)), 2)} ms`, errors]],
    );
  } finally {
    for (const socket of sockets) socket?.close();
    await Promise.all(services.map(stopService));
    await schema.cleanup();
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (ownBroker) await stopBroker(ownBroker.runDir);
  }
}

await main();
