import type { Knex } from 'knex';
import type { Logger } from '@circuit/shared/logger';
import type { EventRegistrationService } from './event-registration-service';

/**
 * The waitlist's clock: every `intervalMs` it finds the events with a payment hold or an offer past
 * its time (from the read model, by index), or with people waiting while places are free, and
 * sends each roster a Tick, which expires them and offers the free places to the next in line. The decision is the roster decider's, with the time
 * passed in; a Tick with nothing overdue appends nothing, so two timers never do a thing twice.
 */
export class WaitlistTimer {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;

  constructor(private readonly deps: { knex: Knex; log: Logger; registrations: EventRegistrationService; now?: () => Date; intervalMs?: number }) {}

  async start(): Promise<void> {
    this.timer = setInterval(() => {
      void this.tick().catch((err: unknown) => this.deps.log.error({ err }, 'waitlist timer failed; trying again on the next tick'));
    }, this.deps.intervalMs ?? 30_000);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running?.catch(() => undefined);
  }

  /** Handles what is overdue now; answers how many events it ticked. One run at a time. */
  tick(): Promise<number> {
    this.running ??= this.run().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  private async run(): Promise<number> {
    const at = (this.deps.now ?? (() => new Date()))().toISOString();
    const rows: { event_id: string }[] = await this.deps.knex
      .select('event_id')
      .from('event_attendees')
      .where('payment_status', 'pending')
      .where('hold_until', '<=', at)
      .union((q) => q.select('event_id').from('event_offers').where('expires_at', '<=', at))
      // People waiting while places are free: the organiser raised maxAttendees.
      .union((q) =>
        q
          .select('w.event_id')
          .from('event_waitlist as w')
          .join('events as e', 'e.id', 'w.event_id')
          .where('e.start_date', '>', at)
          .where((free) =>
            free.where('e.max_attendees', 0).orWhereRaw('e.current_attendees + (select count(*) from event_offers o where o.event_id = e.id) < e.max_attendees'),
          ),
      );
    const eventIds = [...new Set(rows.map((r) => r.event_id))];
    for (const eventId of eventIds) {
      try {
        await this.deps.registrations.tick(eventId);
      } catch (err) {
        this.deps.log.error({ err, eventId }, 'waitlist tick of one event failed');
      }
    }
    return eventIds.length;
  }
}
