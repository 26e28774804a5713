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
import { HackathonContentSchema, hackathonSlugStream, hackathonStream } from '@circuit/shared/events/hackathons';
import { HackathonFormSchema } from '@circuit/shared/validation/hackathons';
import { seedHackathonForms } from './seed-hackathons';
import { EventContentSchema, eventSlugStream, eventStream } from '@circuit/shared/events/event-listings';
import { EventFormSchema } from '@circuit/shared/validation/events';
import { EVENT_CATEGORIES, EVENT_TYPES } from '@circuit/shared/event-listings/options';

const { values } = parseArgs({ options: { hackathons: { type: 'string', default: '10000' }, events: { type: 'string', default: '0' }, organiser: { type: 'string', default: 'seed-organiser' } } });
const COUNT = Math.max(0, Number(values.hackathons) || 0);
const EVENTS = Math.max(0, Number(values.events) || 0);
const config = loadConfig(process.env);
const log = createLogger('seed-listings', config.LOG_LEVEL);
const knex = await createKnex({ kind: 'postgres', url: requireDatabaseUrl(config, 'seed:listings') });
const store = await selectEventStore(config, knex, log);
const templates = seedHackathonForms(new Date());
const run = crypto.randomBytes(3).toString('hex');

async function one(i: number) {
  const template = templates[i % templates.length]!;
  const username = `${template.username!.slice(0, 16)}-${run}-${i}`;
  const content = HackathonContentSchema.parse({ ...HackathonFormSchema.parse({ ...template, username, title: `${template.title} ${i}` }), takeRegistrations: 'pending' });
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
/** An accepted event of every type, category and mode in turn, dates spread over a year either side of now. */
async function oneEvent(i: number) {
  const username = `ev-${run}-${i}`;
  const start = Date.now() + ((i % 730) - 365) * 86_400_000;
  const iso = (t: number) => new Date(t).toISOString();
  const content = EventContentSchema.parse({
    ...EventFormSchema.parse({
      username,
      title: `${['Meetup', 'Workshop', 'Summit', 'Fest'][i % 4]} ${i}`,
      shortDescription: 'A seeded event for the list benchmark',
      description: '<p>Seeded</p>',
      organization: { name: ['Circuit Club', 'Dev Guild', 'Open Source Society'][i % 3] },
      location: { type: (['online', 'offline', 'hybrid'] as const)[i % 3], country: i % 5 ? 'India' : 'Germany', state: ['Karnataka', 'Kerala', 'Delhi'][i % 3], city: 'City', address: 'Main Road' },
      dates: { registrationDeadline: iso(start - 2 * 86_400_000), startDate: iso(start), endDate: iso(start + 86_400_000) },
      eventType: EVENT_TYPES[i % EVENT_TYPES.length],
      category: EVENT_CATEGORIES[i % EVENT_CATEGORIES.length],
      tags: ['tech'],
    }),
    takeRegistrations: 'pending',
  });
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
