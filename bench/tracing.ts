/**
 * What tracing costs a command (docs/operations.md#traces): the wrappers every command and append pass through
 * (the command span, the traced store's append with its traceparent), timed per call against the same work
 * without them (the baseline in the same run), with tracing off (no endpoint: the default) and on (spans
 * recorded and handed to a batch processor whose exporter drops them, so no network is timed). Prints the
 * median of several alternated runs of each.
 *
 *   npm run bench:tracing [-- calls-per-run runs]
 */
import type { ExportResult } from '@opentelemetry/core';
import type { ReadableSpan, SpanExporter } from '@opentelemetry/sdk-trace';
import type { AppendResult, EventStore, NewEvent } from '@circuit/shared/ports/event-store';
import { TracedEventStore } from '@circuit/shared/tracing/traced-event-store';
import { inSpan, startTracing } from '@circuit/shared/tracing/tracing';
import { intArg, median, table } from './lib';

const CALLS = intArg(process.argv[2], 100_000);
const RUNS = intArg(process.argv[3], 5);

/** A store whose append answers at once: only the wrappers' own work is timed. */
const store = {
  append: async (_stream: string, events: NewEvent[]): Promise<AppendResult> => ({ nextRevision: events.length - 1, position: 1n }),
} as unknown as EventStore;
const traced = new TracedEventStore(store);
const events: NewEvent[] = [{ id: 'e', type: 'Something', data: { a: 1 }, metadata: { userId: 'u', correlationId: 'c' }, occurredAt: '2026-01-01T00:00:00.000Z' }];

const dropAll: SpanExporter = {
  export: (_spans: ReadableSpan[], done: (result: ExportResult) => void) => done({ code: 0 }),
  shutdown: async () => undefined,
};

/** CPU time per call in ns (user + system): steadier than wall time on a machine shared with other work. */
async function timed(once: () => Promise<unknown>): Promise<number> {
  for (let i = 0; i < 2000; i++) await once();
  const started = process.cpuUsage();
  for (let i = 0; i < CALLS; i++) await once();
  const used = process.cpuUsage(started);
  return ((used.user + used.system) * 1000) / CALLS;
}

const baseline = () => store.append('s', events, 'any');
const wrapped = () => inSpan('command Something', {}, () => traced.append('s', events, 'any'));

const results = { baseline: [] as number[], off: [] as number[], on: [] as number[] };
for (let run = 0; run < RUNS; run++) {
  results.baseline.push(await timed(baseline));
  results.off.push(await timed(wrapped));
  const tracing = startTracing('bench', {}, { exporter: dropAll, batch: true });
  results.on.push(await timed(wrapped));
  await tracing.shutdown();
}
const base = median(results.baseline);
table(
  ['variant', 'CPU ns per command (median)', 'over the baseline', 'runs'],
  [
    ['baseline: the append alone', base.toFixed(0), '-', results.baseline.map((n) => n.toFixed(0)).join(' ')],
    ['tracing off (no endpoint)', median(results.off).toFixed(0), `+${(median(results.off) - base).toFixed(0)} ns`, results.off.map((n) => n.toFixed(0)).join(' ')],
    ['tracing on (2 spans, traceparent)', median(results.on).toFixed(0), `+${(median(results.on) - base).toFixed(0)} ns`, results.on.map((n) => n.toFixed(0)).join(' ')],
  ],
);
