import type { Knex } from 'knex';
import { migrateOnce } from '@circuit/shared/db/migrations';
import type { Logger } from '@circuit/shared/logger';
import type { EventStore, RecordedEvent } from '@circuit/shared/ports/event-store';
import { ProcessManager } from '../process-managers/process-manager';
import type { EventRegistrationService } from './event-registration-service';

/**
 * When each event's roster next needs the waitlist timer (a payment hold or an offer running out,
 * or people waiting while places are free), in a table the command side owns (never the event read
 * models), kept by EventRosterDues from the feed. The roster's own stream still decides what a Tick
 * does; this only says where to look.
 */
const ROSTER_DUES = 'event_roster_dues';

export async function migrateEventRosterDues(knex: Knex): Promise<void> {
  await migrateOnce(knex, 'event_roster_dues', '001_event_roster_dues', (schema) => schema.createTable(ROSTER_DUES, (t) => {
    t.text('event_id').primary();
    t.timestamp('due_at', { useTz: true }).notNullable().index();
  }));
}

type Dues = Pick<EventRegistrationService, 'dueAt'>;

/** Records when the event's roster is next due, as its streams say now (nothing waits: no row). */
export async function refreshRosterDue(knex: Knex, registrations: Dues, eventId: string, at: Date): Promise<void> {
  const due = await registrations.dueAt(eventId, at);
  if (due === null) await knex(ROSTER_DUES).where({ event_id: eventId }).delete();
  else await knex(ROSTER_DUES).insert({ event_id: eventId, due_at: due }).onConflict('event_id').merge();
}

/** The events whose roster is due at `at`. */
export async function rostersDue(knex: Knex, at: Date): Promise<string[]> {
  const rows = (await knex(ROSTER_DUES).where('due_at', '<=', at.toISOString()).select('event_id')) as { event_id: string }[];
  return rows.map((r) => r.event_id);
}

/** The event an event of the feed is about, when it is an event listing's or its roster's. */
function eventIdOf(event: RecordedEvent): string[] {
  const eventId = (event.data as { eventId?: unknown }).eventId;
  return event.type.startsWith('Event') && typeof eventId === 'string' ? [eventId] : [];
}

/**
 * Keeps event_roster_dues: from the beginning of the feed on its first start, then after every
 * change to an event or its roster, the event's next due time is read again from its streams (an
 * idempotent refresh, so a replay leaves the same rows).
 */
export class EventRosterDues extends ProcessManager<string> {
  constructor(deps: { knex: Knex; store: EventStore; log: Logger; registrations: Dues; now?: () => Date }) {
    super({
      name: 'event_roster_dues',
      label: 'event roster dues',
      deps,
      firstStart: 'beginning',
      reactionsTo: eventIdOf,
      effects: { carryOut: (eventId) => refreshRosterDue(deps.knex, deps.registrations, eventId, (deps.now ?? (() => new Date()))()) },
      batches: { inOrderBy: (event) => eventIdOf(event)[0] ?? event.streamId, checkpointEveryMs: 1000 },
    });
  }
}
