import type { Knex } from 'knex';
import type { Logger } from '@circuit/shared/logger';
import type { EventStore } from '@circuit/shared/ports/event-store';
import { ProcessManager } from '../process-managers/process-manager';
import { listingKeyOf, scheduleChangesOf, type ScheduleChange } from './reminder-rules';
import { applyScheduleChange } from './reminder-tables';

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
      effects: { carryOut: (change) => applyScheduleChange(deps.knex, change) },
      batches: { inOrderBy: (event) => scheduleChangesOf(event).map(listingKeyOf)[0] ?? event.streamId, checkpointEveryMs: 1000 },
    });
  }
}
