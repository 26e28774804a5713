import { Gauge } from 'prom-client';
import type { EventStore } from '@circuit/shared/ports/event-store';
import { readPerScrape, type Metrics } from '@circuit/shared/metrics/metrics';

interface Checkpoints {
  checkpoint(name: string): Promise<bigint>;
}

/** Counted up to this many: enough to see a projection fall behind, cheap enough to read at every scrape. */
export const LAG_COUNT_CAP = 1000;

interface Lag {
  events: number;
  seconds: number;
}

/**
 * How far each projection is behind the feed, read at each scrape (docs/operations.md#metrics): the events it has
 * not applied yet (up to LAG_COUNT_CAP; feed positions are not counts) and the age of the oldest of them (0 when
 * caught up). An alert on the seconds catches a projection stuck on one event as well as a slow one.
 */
export function registerProjectionLag(metrics: Metrics, store: EventStore, runner: Checkpoints, projections: readonly string[], now: () => number = Date.now): void {
  // Both gauges are collected in one scrape: the feed is read once for them.
  const lags = readPerScrape(async () => {
    const head = await store.headPosition();
    const behind = new Map<bigint, Promise<Lag>>();
    const result = new Map<string, Lag>();
    for (const name of projections) {
      const checkpoint = await runner.checkpoint(name);
      if (checkpoint >= head) {
        result.set(name, { events: 0, seconds: 0 });
        continue;
      }
      // Projections at the same checkpoint (most of them, usually) share one read.
      if (!behind.has(checkpoint)) {
        behind.set(checkpoint, store.readAll(checkpoint, LAG_COUNT_CAP).then((events) => ({ events: events.length, seconds: events[0] ? Math.max(0, (now() - Date.parse(events[0].occurredAt)) / 1000) : 0 })));
      }
      result.set(name, await behind.get(checkpoint)!);
    }
    return result;
  });
  const gauge = (name: string, help: string, pick: (lag: Lag) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ['projection'] as const,
      registers: [metrics.registry],
      async collect() {
        for (const [projection, lag] of await lags()) this.set({ projection }, pick(lag));
      },
    });
  gauge('circuit_projection_lag_events', `Events of the feed a projection has not applied yet (counted up to ${LAG_COUNT_CAP})`, (lag) => lag.events);
  gauge('circuit_projection_lag_seconds', 'Age of the oldest event a projection has not applied yet (0 when it is caught up)', (lag) => lag.seconds);
}
