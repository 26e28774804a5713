import { ROOT_CONTEXT, type Link, type Span } from '@opentelemetry/api';
import type { EventMetadata } from '../ports/event-store';
import { failed, inSpan, startSpan, tracingEnabled } from './tracing';
import { contextFromTraceparent, linkTo } from './trace-context';

/** Links one batch span keeps (a catch-up page of a thousand events holds as many traces). */
const MAX_LINKS = 128;
/** Traces one batch adds a span to. */
const MAX_TRACE_SPANS = 32;
/** Older events are history being caught up: linked from the batch, no span added to their long-finished traces. */
const RECENT_MS = 60_000;

interface TracedEvent {
  metadata: EventMetadata;
  occurredAt: string;
}

/**
 * A batch of events from many commands, applied as one unit (a projection transaction): one `name` span of its own,
 * linked to the trace of every event in it (span links, as OpenTelemetry's messaging conventions do for batches),
 * and in each recent trace a `<name> apply` span, child of the append that stored the event and linked back to the
 * batch, lasting as long as the batch: the command's trace shows when its events reached the read models, and the
 * batch shows which commands it carried, without one trace claiming a batch that is shared.
 */
export function inBatchSpan<T>(name: string, batches: readonly (readonly TracedEvent[])[], attributes: Record<string, string | number | string[]>, fn: () => Promise<T>): Promise<T> {
  if (!tracingEnabled()) return fn();
  const traceparents = new Set<string>();
  const recent = new Set<string>();
  const since = Date.now() - RECENT_MS;
  let events = 0;
  for (const batch of new Set(batches)) {
    events += batch.length;
    for (const e of batch) {
      const tp = e.metadata.traceparent;
      if (typeof tp !== 'string') continue;
      traceparents.add(tp);
      if (recent.size < MAX_TRACE_SPANS && Date.parse(e.occurredAt) >= since) recent.add(tp);
    }
  }
  const links = [...traceparents].slice(0, MAX_LINKS).map(linkTo).filter((l): l is Link => l !== undefined);
  return inSpan(name, { parent: ROOT_CONTEXT, links, attributes: { ...attributes, 'circuit.events': events, 'circuit.traces': traceparents.size } }, async (batch) => {
    const perTrace = [...recent]
      .map((tp) => startSpan(`${name} apply`, { parent: contextFromTraceparent(tp), links: [{ context: batch.spanContext() }], attributes }))
      .filter((s): s is Span => s !== undefined);
    try {
      return await fn();
    } catch (error) {
      for (const span of perTrace) failed(span, error);
      throw error;
    } finally {
      for (const span of perTrace) span.end();
    }
  });
}
