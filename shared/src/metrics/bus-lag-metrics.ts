import { Gauge } from 'prom-client';
import type { Bus, GroupBacklog } from '../ports/bus';
import { readPerScrape, type Metrics } from './metrics';

/**
 * How far the bus groups (the durable work queues: chat sends) are behind, read at each scrape
 * (docs/operations.md#metrics): the messages published for the group and not handled yet, and how long the oldest
 * has waited where the bus knows (the Postgres and in-process buses; Kafka gives the consumer lag only). Live
 * fan-out is at most once and keeps no backlog to measure.
 */
export function registerBusLag(metrics: Metrics, bus: Bus, groups: readonly { topic: string; group: string }[], now: () => number = Date.now): void {
  const backlogs = readPerScrape(() => Promise.all(groups.map(async (g) => ({ labels: g, backlog: await bus.backlog(g.topic, g.group) }))));
  const gauge = (name: string, help: string, pick: (backlog: GroupBacklog) => number | undefined) =>
    new Gauge({
      name,
      help,
      labelNames: ['topic', 'group'] as const,
      registers: [metrics.registry],
      async collect() {
        this.reset();
        for (const { labels, backlog } of await backlogs()) {
          const value = pick(backlog);
          if (value !== undefined) this.set(labels, value);
        }
      },
    });
  gauge('circuit_bus_lag_messages', 'Messages of a bus group not handled yet (the one under way included)', (b) => b.messages);
  gauge('circuit_bus_lag_seconds', 'How long the oldest message of a bus group not handled yet has waited (0 when none; absent on Kafka)', (b) =>
    b.messages === 0 ? 0 : b.oldestAt && Math.max(0, (now() - b.oldestAt.getTime()) / 1000),
  );
}
