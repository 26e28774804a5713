import type { Knex } from 'knex';
import { Gauge } from 'prom-client';
import { readPerScrape, type Metrics } from '@circuit/shared/metrics/metrics';
import { GRACE_MS, remindersDue } from './reminder-rules';
import { listingsNear, momentDone, unsentClaims } from './reminder-tables';

interface Backlog {
  /** A listing's reminder whose time has come and that the timer has not handed to its audience yet. */
  due: number;
  /** One person's reminder claimed by a timer and not recorded as sent (a failed or interrupted delivery). */
  claimed: number;
  /** Since when the earliest of them has been due (0 when there is none). */
  oldestSeconds: number;
}

/**
 * The reminders' backlog, read at each scrape (docs/operations.md#metrics). The timer runs every 30 s, so both
 * counts are mostly 0 and the oldest a few seconds; a timer that stopped (no leader, a failing query) or deliveries
 * that keep failing show as an age that grows. Every command-service instance reads the same tables.
 */
export function registerReminderBacklog(metrics: Metrics, knex: Knex, now: () => Date = () => new Date()): void {
  const backlog = readPerScrape(async (): Promise<Backlog> => {
    const at = now();
    const due: string[] = [];
    for (const listing of await listingsNear(knex, at)) {
      for (const reminder of remindersDue(listing, at)) if (!(await momentDone(knex, listing, reminder.kind, reminder.dueAt))) due.push(reminder.dueAt);
    }
    const claims = await unsentClaims(knex, at, GRACE_MS);
    const earliest = Math.min(...due.map(Date.parse), claims.earliestDueAt ? Date.parse(claims.earliestDueAt) : Infinity);
    return { due: due.length, claimed: claims.count, oldestSeconds: Number.isFinite(earliest) ? Math.max(0, (at.getTime() - earliest) / 1000) : 0 };
  });
  new Gauge({
    name: 'circuit_reminders_pending',
    help: 'Reminders not carried out yet: due (a listing moment not handed out) and claimed (one person\'s, not recorded as sent)',
    labelNames: ['state'] as const,
    registers: [metrics.registry],
    async collect() {
      const { due, claimed } = await backlog();
      this.set({ state: 'due' }, due);
      this.set({ state: 'claimed' }, claimed);
    },
  });
  new Gauge({
    name: 'circuit_reminders_oldest_pending_seconds',
    help: 'How long the earliest reminder not carried out yet has been due (0 when none is)',
    registers: [metrics.registry],
    async collect() {
      this.set((await backlog()).oldestSeconds);
    },
  });
}
