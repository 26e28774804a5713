import { context } from '@opentelemetry/api';
import { inSpan, SpanKind, tracingEnabled } from './tracing';
import { contextFromTraceparent, traceparentOf } from './trace-context';

/**
 * The spans of the bus adapters: a message is published in a `publish <topic>` span whose traceparent the adapter
 * carries beside the payload (a Kafka header, the NOTIFY envelope), and handled in a `process <topic>` span that
 * continues it, so the realtime service's socket emits belong to the trace of the command that published.
 */
export function publishing<T>(system: string, topic: string, send: (traceparent: string | undefined) => Promise<T>): Promise<T> {
  if (!tracingEnabled()) return send(undefined);
  return inSpan(`publish ${topic}`, { kind: SpanKind.PRODUCER, attributes: messaging(system, topic) }, () => send(traceparentOf(context.active())));
}

/** Runs a handler of a message in the trace its publisher's `traceparent` names (a trace of its own without one). */
export function processing<T>(system: string, topic: string, traceparent: unknown, handle: () => Promise<T> | T): Promise<T> {
  if (!tracingEnabled()) return (async () => handle())();
  return inSpan(`process ${topic}`, { kind: SpanKind.CONSUMER, parent: contextFromTraceparent(traceparent), attributes: messaging(system, topic) }, async () => handle());
}

function messaging(system: string, topic: string): Record<string, string> {
  return { 'messaging.system': system, 'messaging.destination.name': topic };
}
