import { context, propagation, trace, SpanKind, SpanStatusCode, type Context, type Link, type Span, type Tracer } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, SimpleSpanProcessor, TracerProvider, type SpanExporter } from '@opentelemetry/sdk-trace';
import { ATTR_SERVICE_NAME } from '@opentelemetry/semantic-conventions';

export { SpanKind, type Span };

/**
 * OpenTelemetry traces of one process (docs/operations.md#traces). Off unless an OTLP endpoint is configured: then no
 * provider, exporter or context manager exists, and every helper below calls its function straight away (one boolean
 * test), so an untraced process pays next to nothing. On, spans go in batches to the collector over OTLP/HTTP (JSON).
 */
export interface TracingSettings {
  OTEL_EXPORTER_OTLP_ENDPOINT?: string;
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?: string;
}

export interface Tracing {
  readonly enabled: boolean;
  /** Sends the spans still buffered and stops (process shutdown). */
  shutdown(): Promise<void>;
}

/** Where spans go: the traces endpoint as given, or `/v1/traces` under the general OTLP endpoint; undefined: tracing off. */
export function tracesEndpoint(settings: TracingSettings): string | undefined {
  if (settings.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) return settings.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT;
  if (!settings.OTEL_EXPORTER_OTLP_ENDPOINT) return undefined;
  return `${settings.OTEL_EXPORTER_OTLP_ENDPOINT.replace(/\/+$/, '')}/v1/traces`;
}

let tracer: Tracer | undefined;
let provider: TracerProvider | undefined;

const OFF: Tracing = { enabled: false, shutdown: async () => undefined };

/**
 * Starts tracing for the process named `service` when an endpoint is configured (once per process; a second call
 * answers the first's handle). `exporter` replaces OTLP, for tests and benches: each span is handed to it as it
 * ends, or in batches as OTLP's are with `batch`.
 */
export function startTracing(service: string, settings: TracingSettings, options: { exporter?: SpanExporter; batch?: boolean } = {}): Tracing {
  if (provider) return handle(provider);
  const url = tracesEndpoint(settings);
  if (!url && !options.exporter) return OFF;
  const exporter = options.exporter ?? new OTLPTraceExporter({ url });
  const spanProcessor = options.exporter && !options.batch ? new SimpleSpanProcessor({ exporter }) : new BatchSpanProcessor({ exporter });
  provider = new TracerProvider({ resource: resourceFromAttributes({ [ATTR_SERVICE_NAME]: service }), spanProcessors: [spanProcessor] });
  // Spans follow awaits (AsyncLocalStorage): the append inside a command inside a request is that request's.
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(provider);
  tracer = provider.getTracer('circuit');
  return handle(provider);
}

function handle(p: TracerProvider): Tracing {
  return {
    enabled: true,
    shutdown: async () => {
      if (provider !== p) return;
      await p.shutdown();
      provider = undefined;
      tracer = undefined;
      trace.disable();
      context.disable();
      propagation.disable();
    },
  };
}

/** Whether spans are recorded in this process. */
export function tracingEnabled(): boolean {
  return tracer !== undefined;
}

export interface InSpanOptions {
  kind?: SpanKind;
  attributes?: Record<string, string | number | boolean | string[]>;
  links?: Link[];
  /** The parent (a remote one from a traceparent, or none: ROOT_CONTEXT); default the active context. */
  parent?: Context;
  /** Errors that are answers, not failures (a command refused by a rule): thrown on without marking the span failed. */
  expected?: (error: unknown) => boolean;
}

/** A span with no effect, handed to the functions of `inSpan` when tracing is off. */
const NO_SPAN: Span = trace.wrapSpanContext({ traceId: '00000000000000000000000000000000', spanId: '0000000000000000', traceFlags: 0 });

/**
 * Runs `fn` inside a new span, active for everything it awaits, and ends the span when it settles (a rejection is
 * recorded on it and passed on). Tracing off: `fn` runs as it is, with a span that records nothing.
 */
export function inSpan<T>(name: string, options: InSpanOptions, fn: (span: Span) => Promise<T>): Promise<T> {
  if (!tracer) return fn(NO_SPAN);
  const { parent, expected, ...spanOptions } = options;
  return tracer.startActiveSpan(name, spanOptions, parent ?? context.active(), async (span) => {
    try {
      return await fn(span);
    } catch (error) {
      if (!expected?.(error)) failed(span, error);
      throw error;
    } finally {
      span.end();
    }
  });
}

/** `inSpan` for a synchronous `fn` (a socket emit): the span ends when it returns. */
export function inSpanSync<T>(name: string, options: InSpanOptions, fn: (span: Span) => T): T {
  if (!tracer) return fn(NO_SPAN);
  const { parent, expected, ...spanOptions } = options;
  return tracer.startActiveSpan(name, spanOptions, parent ?? context.active(), (span) => {
    try {
      return fn(span);
    } catch (error) {
      if (!expected?.(error)) failed(span, error);
      throw error;
    } finally {
      span.end();
    }
  });
}

/** A span started now and ended by the caller (a request's, which ends with its answer); undefined when tracing is off. */
export function startSpan(name: string, options: InSpanOptions): Span | undefined {
  if (!tracer) return undefined;
  const { parent, expected: _expected, ...spanOptions } = options;
  return tracer.startSpan(name, spanOptions, parent ?? context.active());
}

/** Marks a span as failed by `error`. */
export function failed(span: Span, error: unknown): void {
  span.recordException(error instanceof Error ? error : String(error));
  span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : String(error) });
}
