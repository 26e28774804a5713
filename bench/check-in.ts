/**
 * `npm run bench:check-in -- [--scans 1000] [--devices 5] [--window 60] [--resent 0.1]`
 *
 * Check-in at the door on Postgres (BENCH_DATABASE_URL, a schema of its own): starts the embedded
 * app in a child process with a known TICKET_SIGNING_KEY, appends a running event at a venue and
 * its registrations to the app's store, adds four check-in co-hosts, then `--devices` devices (the
 * organiser and the co-hosts, one after another on each) send `--scans` scans within `--window`
 * seconds, each a distinct ticket; a share of them (`--resent`) is sent again with its scan id, as
 * a device whose answer was lost does. Prints p50/p99 of a scan beside the same load on a server
 * that answers scans from memory (bench/check-in-memory-server.ts), then checks that every ticket
 * was counted once: the board's counts and the check-in stream. Exits 1 otherwise.
 */
import crypto from 'node:crypto';
import { spawn } from 'node:child_process';
import { parseArgs } from 'node:util';
import { createKnex } from '@circuit/shared/db/knex';
import { PostgresEventStore } from '@circuit/shared/adapters/event-store/postgres-event-store';
import { toNewEvents } from '@circuit/shared/commands/decider';
import type { CheckInBoard, ScanAnswer } from '@circuit/shared/api/check-in';
import { checkInStream } from '@circuit/shared/events/check-in';
import { eventStream } from '@circuit/shared/events/event-listings';
import { eventRosterStream } from '@circuit/shared/events/event-registrations';
import { ticketIdOf } from '@circuit/shared/tickets/ticket-id';
import { parseTicketSigningKey, ticketKeys } from '@circuit/shared/tickets/ticket-keys';
import { base64url } from '@circuit/shared/tickets/ticket-token';
import { EventFormSchema } from '@circuit/shared/validation/events';
import { client, freePort, inBatches, ROOT, startServer, waitReady } from './app';
import { fmt, intArg, percentile, table } from './lib';

const { values } = parseArgs({ options: { scans: { type: 'string', default: '1000' }, devices: { type: 'string', default: '5' }, window: { type: 'string', default: '60' }, resent: { type: 'string', default: '0.1' } } });
const SCANS = intArg(values.scans, 1000);
const DEVICES = intArg(values.devices, 5);
const WINDOW_S = intArg(values.window, 60);
const RESENT = Math.min(0.5, Math.max(0, Number(values.resent) || 0));
const TICKETS = Math.round(SCANS / (1 + RESENT));
const HOUR = 3_600_000;

const key = base64url(crypto.randomBytes(32));
const keys = ticketKeys(parseTicketSigningKey(key));
const server = await startServer({ database: 'postgres', env: { TICKET_SIGNING_KEY: key } });
const { call, createUser } = client(server.base);
let memory: ReturnType<typeof spawn> | undefined;

interface Planned {
  device: number;
  at: number;
  scan: { scanId: string; token: string; scannedAt: string };
}

/** Every device's scans at their moments within the window: each ticket once, some sent again a little later. */
function plan(listingId: string, attendees: string[]): Planned[] {
  const first = attendees.map((userId, i): Planned => ({
    device: i % DEVICES,
    at: (i / attendees.length) * WINDOW_S * 900,
    scan: { scanId: crypto.randomUUID(), token: keys.sign({ t: ticketIdOf('event', listingId, userId), k: 'event', l: listingId, u: userId, n: `Guest ${i}` }), scannedAt: new Date().toISOString() },
  }));
  const again = first.slice(0, SCANS - first.length).map((p, i) => ({ ...p, device: (p.device + 1) % DEVICES, at: Math.min(WINDOW_S * 1000, p.at + 500 + (i % 7) * 300) }));
  return [...first, ...again].sort((a, b) => a.at - b.at);
}

/** Sends each device's scans in order at their moments (a device waits for its answer before the next); the latency of each. */
async function run(base: string, listingId: string, planned: Planned[], cookies: string[]): Promise<{ ms: number[]; answers: ScanAnswer[]; failures: number }> {
  const ms: number[] = [];
  const answers: ScanAnswer[] = [];
  let failures = 0;
  const started = performance.now();
  await Promise.all(
    cookies.map(async (cookie, device) => {
      for (const p of planned.filter((x) => x.device === device)) {
        const wait = started + p.at - performance.now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        const t = performance.now();
        const res = await fetch(`${base}/api/check-in/event/${listingId}/scans`, { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify({ scans: [p.scan] }) });
        ms.push(performance.now() - t);
        if (res.status !== 200) {
          failures++;
          continue;
        }
        answers.push(((await res.json()) as { data: ScanAnswer }).data);
      }
    }),
  );
  return { ms: ms.sort((a, b) => a - b), answers, failures };
}

try {
  const [organiser, ...hosts] = await inBatches(DEVICES, 5, createUser);
  // A running event at a venue with TICKETS attendees, appended as create, approve and registration would.
  const knex = await createKnex({ kind: 'postgres', url: server.databaseUrl!, poolMax: 2 });
  const store = await PostgresEventStore.create(knex);
  const eventId = crypto.randomUUID();
  const now = Date.now();
  const iso = (ms: number) => new Date(now + ms).toISOString();
  const content = {
    ...EventFormSchema.parse({
      username: `bench-door-${now.toString(36)}`,
      title: 'Bench door',
      shortDescription: 'Check-in bench',
      description: '<p>Bench</p>',
      organization: { name: 'Bench' },
      location: { type: 'offline', country: 'India', state: 'Karnataka', city: 'Bengaluru', address: 'Hall 1' },
      dates: { registrationDeadline: iso(-2 * HOUR), startDate: iso(-HOUR), endDate: iso(4 * HOUR) },
    }),
    takeRegistrations: 'true' as const,
  };
  const at = new Date().toISOString();
  await store.append(eventStream(eventId), toNewEvents([{ type: 'EventCreated', data: { eventId, createdBy: organiser!.id, content, at } }, { type: 'EventApproved', data: { eventId, at, byUserId: organiser!.id } }], {}, at), 'no_stream');
  const attendees = Array.from({ length: TICKETS }, () => crypto.randomUUID());
  const profile = { firstName: 'Guest', lastName: 'Bench', college: '', course: '', branch: '', collegeYear: '', country: 'India', state: 'Karnataka', mobile: '9876500000' };
  for (let i = 0; i < attendees.length; i += 200) {
    const registered = attendees.slice(i, i + 200).map((userId) => ({ type: 'EventAttendeeRegistered', data: { eventId, userId, at, profile, paymentStatus: 'completed', holdUntil: null, via: 'direct', amount: 0, currency: 'INR' } }));
    await store.append(eventRosterStream(eventId), toNewEvents(registered, {}, at), 'any');
  }
  for (let t = 0; (await fetch(`${server.base}/api/events/${eventId}`)).status !== 200; t++) {
    if (t > 300) throw new Error('the event never reached the read models');
    await new Promise((r) => setTimeout(r, 100));
  }
  for (const host of hosts) await call('PUT', `/api/listings/event/${eventId}/co-hosts/${host.username}`, { role: 'check-in' }, organiser!.cookie);
  const cookies = [organiser!.cookie, ...hosts.map((h) => h.cookie)];
  const planned = plan(eventId, attendees);
  console.error(`setup: ${attendees.length} tickets, ${planned.length} scans (${planned.length - attendees.length} sent again) from ${DEVICES} devices over ${WINDOW_S} s`);

  const app = await run(server.base, eventId, planned, cookies);
  const board = (await call('GET', `/api/check-in/event/${eventId}`, undefined, organiser!.cookie)).json.data as unknown as CheckInBoard;
  const recorded = (await store.readStream(checkInStream('event', eventId))).filter((e) => e.type === 'AttendeeCheckedIn');
  const distinct = new Set(recorded.map((e) => (e.data as { attendeeId: string }).attendeeId)).size;
  await store.close();
  await knex.destroy();

  // The same plan on the from-memory server (fresh scan ids: it has seen none).
  const port = await freePort();
  memory = spawn(process.execPath, ['--import', 'tsx', 'bench/check-in-memory-server.ts', String(port), key, eventId], { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'] });
  await waitReady(`http://127.0.0.1:${port}/readyz`);
  const ref = await run(`http://127.0.0.1:${port}`, eventId, planned, cookies);

  const counted = board.counts.checkedIn === attendees.length && recorded.length === attendees.length && distinct === attendees.length;
  const p99 = percentile(app.ms, 99);
  console.log(`\nCheck-in: ${planned.length} scans of ${attendees.length} tickets from ${DEVICES} devices in ${WINDOW_S} s on Postgres, one scan per request:\n`);
  table(
    ['server', 'scans', 'failed', 'p50 (ms)', 'p99 (ms)', 'max (ms)', 'checked in (board)', 'AttendeeCheckedIn (stream)'],
    [
      ['app', app.ms.length, app.failures, fmt(percentile(app.ms, 50)), fmt(p99), fmt(app.ms.at(-1) ?? NaN), board.counts.checkedIn, recorded.length],
      ['from memory', ref.ms.length, ref.failures, fmt(percentile(ref.ms, 50)), fmt(percentile(ref.ms, 99)), fmt(ref.ms.at(-1) ?? NaN), '-', '-'],
    ],
  );
  console.log(`\napp / from memory p99: ${fmt(p99 / percentile(ref.ms, 99))}x; p99 under 50 ms: ${p99 < 50 ? 'yes' : 'no'}; every ticket counted once: ${counted ? 'yes' : 'no'}`);
  if (app.failures > 0 || !counted || p99 >= 50) process.exitCode = 1;
} finally {
  memory?.kill('SIGTERM');
  await server.stop();
}
