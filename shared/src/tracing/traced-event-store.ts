import { context } from '@opentelemetry/api';
import type { AppendResult, ExpectedRevision, NewEvent } from '../ports/event-store';
import { ForwardingEventStore } from '../adapters/event-store/forwarding-event-store';
import { inSpan, SpanKind, tracingEnabled } from './tracing';
import { traceparentOf } from './trace-context';

/**
 * Appends in a span of their own, and each appended event keeps that span's `traceparent` in its metadata, beside its
 * correlation id: whoever reads the event later (the projection service, a process manager in another process)
 * continues or links to the trace of the command that stored it. Tracing off: every call passes straight through and
 * events are stored as they came.
 */
export class TracedEventStore extends ForwardingEventStore {
  override append(streamId: string, events: NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
    if (!tracingEnabled()) return this.inner.append(streamId, events, expected);
    const types = [...new Set(events.map((e) => e.type))];
    return inSpan('eventstore.append', { kind: SpanKind.CLIENT, attributes: { 'circuit.stream': streamId, 'circuit.events': events.length, 'circuit.event_types': types } }, async (span) => {
      const result = await this.inner.append(streamId, withTraceparent(events, traceparentOf(context.active())), expected);
      span.setAttribute('circuit.position', result.position.toString());
      if (result.alreadyStored) span.setAttribute('circuit.already_stored', true);
      return result;
    });
  }
}

/** The events with `traceparent` in their metadata (new metadata objects: the caller's may be shared between events). */
export function withTraceparent(events: NewEvent[], traceparent: string | undefined): NewEvent[] {
  if (!traceparent) return events;
  return events.map((e) => ({ ...e, metadata: { ...e.metadata, traceparent } }));
}
