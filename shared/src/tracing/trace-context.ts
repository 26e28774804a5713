import { ROOT_CONTEXT, trace, type Context, type Link, type TextMapGetter, type TextMapSetter } from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';

/**
 * W3C trace context (https://www.w3.org/TR/trace-context/) as it crosses a process: an HTTP header, a bus message's
 * header or envelope, an event's metadata. Only `traceparent` travels (no tracestate, no baggage): it is all a trace
 * needs to continue, and the one short string an event keeps.
 *
 * The propagator is used directly rather than through the API's global one, so these work (and are tested) whether or
 * not tracing was started; with tracing off no span is ever active and `traceparentOf` answers undefined at once.
 */
const propagator = new W3CTraceContextPropagator();

const setter: TextMapSetter<Record<string, string>> = {
  set: (carrier, key, value) => {
    carrier[key] = value;
  },
};

const getter: TextMapGetter<Record<string, unknown>> = {
  keys: (carrier) => Object.keys(carrier),
  get: (carrier, key) => {
    const value = carrier[key];
    if (typeof value === 'string') return value;
    if (Array.isArray(value) && typeof value[0] === 'string') return value[0];
    return undefined;
  },
};

/** The `traceparent` of the span active in `ctx`, or undefined when there is none (tracing off, or outside any span). */
export function traceparentOf(ctx: Context): string | undefined {
  if (!trace.getSpanContext(ctx)) return undefined;
  const carrier: Record<string, string> = {};
  propagator.inject(ctx, carrier, setter);
  return carrier.traceparent;
}

/** `base` with the remote span a `traceparent` names as its parent; `base` itself when the value is missing or malformed. */
export function contextFromTraceparent(traceparent: unknown, base: Context = ROOT_CONTEXT): Context {
  if (typeof traceparent !== 'string') return base;
  return propagator.extract(base, { traceparent }, getter);
}

/** The context a carrier of headers (an HTTP request's, a Kafka message's) names, over `base`. */
export function contextFromHeaders(headers: Record<string, unknown>, base: Context = ROOT_CONTEXT): Context {
  return propagator.extract(base, headers, getter);
}

/** A span link to the span a `traceparent` names (undefined when it names none): how a batch points at each trace it holds. */
export function linkTo(traceparent: unknown): Link | undefined {
  const spanContext = trace.getSpanContext(contextFromTraceparent(traceparent));
  return spanContext ? { context: spanContext } : undefined;
}

/** The trace id of the span active in `ctx`, for log lines (undefined when none). */
export function traceIdOf(ctx: Context): string | undefined {
  return trace.getSpanContext(ctx)?.traceId;
}
