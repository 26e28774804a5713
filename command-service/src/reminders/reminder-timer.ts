import type { EventStore } from '@circuit/shared/ports/event-store';
import { audienceOf } from './reminder-audience';
import { deliverReminder, type DeliveryDeps } from './reminder-delivery';
import { GRACE_MS, reminderIdOf, remindersDue, stillAbout, type DueReminder, type ScheduledListing } from './reminder-rules';
import type { ReminderSchedule } from './reminder-schedule';
import { claim, listingsNear, markMomentDone, momentDone, reclaimStale, scheduledListing, type Delivery } from './reminder-tables';
import { PeriodicTask } from '../process-managers/periodic-task';

/** How long a claimed reminder may go unrecorded before another timer takes it over (its claimer is taken to have stopped). */
const LEASE_MS = 2 * 60 * 1000;

/**
 * The reminders' clock: every `intervalMs` it takes the listings whose moments are near
 * (reminder_listings), works out the reminders due now (remindersDue), and hands each to everyone
 * it is for, claiming each person's reminder first (reminder_deliveries): of two timers, or a timer
 * started again after a stop, exactly one carries each out. Reminders claimed but never recorded as
 * sent (a crash between) are claimed again after the lease, within the grace.
 */
export class ReminderTimer extends PeriodicTask {
  constructor(
    private readonly deps: DeliveryDeps & { schedule: Pick<ReminderSchedule, 'settled'>; store: EventStore; now?: () => Date; intervalMs?: number; leaseMs?: number },
  ) {
    super({ name: 'reminder timer', intervalMs: deps.intervalMs ?? 30_000, log: deps.log });
  }

  protected async run(): Promise<number> {
    const now = (this.deps.now ?? (() => new Date()))();
    // The schedule includes what the feed says up to now (bounded: a slow schedule delays by at most its timeout).
    await this.deps.schedule.settled(await this.deps.store.headPosition());
    let sent = 0;
    for (const stale of await reclaimStale(this.deps.knex, now, this.deps.leaseMs ?? LEASE_MS, GRACE_MS)) {
      const listing = await scheduledListing(this.deps.knex, stale.listingKind, stale.listingId);
      // A listing moved or deleted since the claim: that moment reminds nobody any more.
      const about = stillAbout(listing, stale) ? listing : null;
      if ((await this.carryOut(stale, about, now)) && about) sent += 1;
    }
    for (const listing of await listingsNear(this.deps.knex, now)) {
      for (const due of remindersDue(listing, now)) {
        try {
          sent += await this.remind(listing, due, now);
        } catch (err) {
          this.deps.log.error({ err, listingId: listing.listingId, kind: due.kind }, 'a reminder could not be handed out; trying again on the next tick');
        }
      }
    }
    return sent;
  }

  private async remind(listing: ScheduledListing, due: DueReminder, now: Date): Promise<number> {
    if (await momentDone(this.deps.knex, listing, due.kind, due.dueAt)) return 0;
    let sent = 0;
    for (const userId of await audienceOf(this.deps, due.kind, listing.listingKind, listing.listingId)) {
      const delivery: Delivery = { reminderId: reminderIdOf(listing, due, userId), kind: due.kind, listingKind: listing.listingKind, listingId: listing.listingId, userId, dueAt: due.dueAt, targetAt: due.targetAt };
      if ((await claim(this.deps.knex, delivery, now)) && (await this.carryOut(delivery, listing, now))) sent += 1;
    }
    await markMomentDone(this.deps.knex, listing, due.kind, due.dueAt);
    return sent;
  }

  /** A failure leaves the claim unrecorded: it is taken again after the lease. */
  private async carryOut(delivery: Delivery, listing: ScheduledListing | null, now: Date): Promise<boolean> {
    try {
      await deliverReminder(this.deps, delivery, listing, now);
      return true;
    } catch (err) {
      this.deps.log.warn({ err, reminderId: delivery.reminderId }, 'reminder not delivered; it is claimed again after its lease');
      return false;
    }
  }
}
