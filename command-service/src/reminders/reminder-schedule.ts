import type { Knex } from 'knex';
import type { Logger } from '@circuit/shared/logger';
import type { EventStore } from '@circuit/shared/ports/event-store';
import { ProcessManager } from '../process-managers/process-manager';
import { listingKeyOf, scheduleChangesOf, type ScheduleChange } from './reminder-rules';
import { LISTINGS, SAVERS } from './reminder-tables';

/** Writes one change into the schedule's tables; each is a set-to-state (an upsert or a delete), so a replay leaves the same rows. */
async function apply(knex: Knex, change: ScheduleChange): Promise<void> {
  switch (change.type) {
    case 'listing': {
      const l = change.listing;
      const row = { listing_kind: l.listingKind, listing_id: l.listingId, title: l.title, username: l.username, created_by: l.createdBy, starts_at: l.startsAt, registration_deadline: l.registrationDeadline, ends_at: l.endsAt };
      // An edit carries no creator: the one of the creation stays.
      const columns = Object.keys(row).filter((column) => l.createdBy !== '' || column !== 'created_by');
      await knex(LISTINGS).insert(row).onConflict(['listing_kind', 'listing_id']).merge(columns);
      return;
    }
    case 'removed':
      await knex(LISTINGS).where({ listing_kind: change.listingKind, listing_id: change.listingId }).delete();
      return;
    case 'submission-deadline':
      await knex(LISTINGS).where({ listing_kind: 'hackathon', listing_id: change.hackathonId }).update({ setup_submission_deadline: change.deadline });
      return;
    case 'saved': {
      const key = { listing_kind: change.listingKind, listing_id: change.listingId, user_id: change.userId };
      if (change.saved) await knex(SAVERS).insert(key).onConflict(['listing_kind', 'listing_id', 'user_id']).ignore();
      else await knex(SAVERS).where(key).delete();
      return;
    }
  }
}

/**
 * Keeps the reminders' schedule (reminder_listings, reminder_savers) from the feed: from its
 * beginning on the first start, then every listing created, moved or deleted, every judging setup
 * (the submission deadline) and every save. A listing whose dates change has its row changed, so the
 * timer finds its reminders at the new moments and no longer at the old ones.
 */
export class ReminderSchedule extends ProcessManager<ScheduleChange> {
  constructor(deps: { knex: Knex; store: EventStore; log: Logger }) {
    super({
      name: 'reminder_schedule',
      label: 'reminder schedule',
      deps,
      firstStart: 'beginning',
      reactionsTo: scheduleChangesOf,
      effects: { carryOut: (change) => apply(deps.knex, change) },
      batches: { inOrderBy: (event) => scheduleChangesOf(event).map(listingKeyOf)[0] ?? event.streamId, checkpointEveryMs: 1000 },
    });
  }
}
