import type { Knex } from 'knex';
import type { Logger } from '@circuit/shared/logger';
import type { EventStore } from '@circuit/shared/ports/event-store';
import type { EventRegistrationService } from './event-registration-service';
import { refreshRosterDue, rostersDue, type EventRosterDues } from './roster-dues';
import { PeriodicTask } from '../process-managers/periodic-task';

/**
 * The waitlist's clock: every `intervalMs` it finds the events with a payment hold or an offer past
 * its time, or with people waiting while places are free (event_roster_dues, roster-dues.ts), and
 * sends each roster a Tick, which expires them and offers the free places to the next in line. The decision is the roster decider's, with the time
 * passed in; a Tick with nothing overdue appends nothing, so two timers never do a thing twice.
 */
export class WaitlistTimer extends PeriodicTask {
  constructor(
    private readonly deps: { knex: Knex; store: EventStore; log: Logger; registrations: EventRegistrationService; dues: EventRosterDues; now?: () => Date; intervalMs?: number },
  ) {
    super({ name: 'waitlist timer', intervalMs: deps.intervalMs ?? 30_000, log: deps.log });
  }

  protected async run(): Promise<number> {
    const at = (this.deps.now ?? (() => new Date()))();
    // What the feed says up to now is in the dues table before it is read (bounded: a slow follower delays by at most its timeout).
    await this.deps.dues.settled(await this.deps.store.headPosition());
    const eventIds = await rostersDue(this.deps.knex, at);
    for (const eventId of eventIds) {
      try {
        await this.deps.registrations.tick(eventId);
        await refreshRosterDue(this.deps.knex, this.deps.registrations, eventId, at);
      } catch (err) {
        this.deps.log.error({ err, eventId }, 'waitlist tick of one event failed');
      }
    }
    return eventIds.length;
  }
}
