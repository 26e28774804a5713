/**
 * `npm run seed:listings -- --hackathons 10000 [--events 0] [--organiser <userId>]` on DATABASE_URL (a running
 * cluster or bench app may stay up: its projections pick the events up from the feed). Appends
 * accepted hackathons straight to the store, as create and approve would (slug reservation, the
 * listing, the approval), in parallel batches: a large catalogue for the list benchmark.
 */
import crypto from 'node:crypto';
import { parseArgs } from 'node:util';
import { loadConfig } from '@circuit/shared/config';
import { createKnex } from '@circuit/shared/db/knex';
import { createLogger } from '@circuit/shared/logger';
import { requireDatabaseUrl, selectEventStore } from '@circuit/shared/adapters/select';
import { toNewEvents } from '@circuit/shared/commands/decider';
import { hackathonSlugStream, hackathonStream } from '@circuit/shared/events/hackathons';
import { seedHackathonForms } from './seed-hackathons';
import { eventSlugStream, eventStream } from '@circuit/shared/events/event-listings';
import { listingEventContent, listingHackathonContent } from './listing-contents';

const { values } = parseArgs({ options: { hackathons: { type: 'string', default: '10000' }, events: { type: 'string', default: '0' }, organiser: { type: 'string', default: 'seed-organiser' } } });
const COUNT = Math.max(0, Number(values.hackathons) || 0);
const EVENTS = Math.max(0, Number(values.events) || 0);
const config = loadConfig(process.env);
const log = createLogger('seed-listings', config.LOG_LEVEL);
const knex = await createKnex({ kind: 'postgres', url: requireDatabaseUrl(config, 'seed:listings') });
const store = await selectEventStore(config, knex, log);
const now = new Date();
const templates = seedHackathonForms(now);
const run = crypto.randomBytes(3).toString('hex');

async function one(i: number) {
  const template = templates[i % templates.length]!;
  const username = `${template.username!.slice(0, 16)}-${run}-${i}`;
  const content = listingHackathonContent(now, i, username);
  const hackathonId = crypto.randomUUID();
  const at = new Date().toISOString();
  const ctx = { userId: values.organiser, correlationId: 'seed-listings' };
  await store.append(hackathonSlugStream(username), toNewEvents([{ type: 'HackathonSlugReserved', data: { slug: username, hackathonId, at } }], ctx, at), 'no_stream');
  await store.append(
    hackathonStream(hackathonId),
    toNewEvents(
      [
        { type: 'HackathonCreated', data: { hackathonId, createdBy: values.organiser, content, at } },
        { type: 'HackathonApproved', data: { hackathonId, at, byUserId: values.organiser } },
      ],
      ctx,
      at,
    ),
    'no_stream',
  );
}

const started = Date.now();
const PARALLEL = 16;
for (let next = 0; next < COUNT; next += PARALLEL) {
  await Promise.all(Array.from({ length: Math.min(PARALLEL, COUNT - next) }, (_, k) => one(next + k)));
  if ((next / PARALLEL) % 50 === 0) log.info({ done: next, of: COUNT }, 'seeding listings');
}
/** An accepted event of every type, category and mode in turn (listing-contents.ts). */
async function oneEvent(i: number) {
  const username = `ev-${run}-${i}`;
  const content = listingEventContent(now, i, username);
  const eventId = crypto.randomUUID();
  const at = new Date().toISOString();
  const ctx = { userId: values.organiser, correlationId: 'seed-listings' };
  await store.append(eventSlugStream(username), toNewEvents([{ type: 'EventSlugReserved', data: { slug: username, eventId, at } }], ctx, at), 'no_stream');
  await store.append(
    eventStream(eventId),
    toNewEvents([{ type: 'EventCreated', data: { eventId, createdBy: values.organiser, content, at } }, { type: 'EventApproved', data: { eventId, at, byUserId: values.organiser } }], ctx, at),
    'no_stream',
  );
}
for (let next = 0; next < EVENTS; next += PARALLEL) {
  await Promise.all(Array.from({ length: Math.min(PARALLEL, EVENTS - next) }, (_, k) => oneEvent(next + k)));
  if ((next / PARALLEL) % 50 === 0) log.info({ done: next, of: EVENTS }, 'seeding events');
}
log.info({ hackathons: COUNT, events: EVENTS, seconds: (Date.now() - started) / 1000 }, 'seeded listings');
// The store first: its last NOTIFY (which wakes the running app) may still be on its way through the pool.
await store.close();
await knex.destroy();
process.exit(0);
