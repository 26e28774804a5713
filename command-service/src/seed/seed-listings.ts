/**
 * `npm run seed:listings -- --hackathons 10000 [--organiser <userId>]` on DATABASE_URL (a running
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

const { values } = parseArgs({ options: { hackathons: { type: 'string', default: '10000' }, organiser: { type: 'string', default: 'seed-organiser' } } });
const COUNT = Math.max(1, Number(values.hackathons) || 10_000);
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
log.info({ hackathons: COUNT, seconds: (Date.now() - started) / 1000 }, 'seeded listings');
await knex.destroy();
process.exit(0);
