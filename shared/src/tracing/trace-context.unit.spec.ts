import { ROOT_CONTEXT } from '@opentelemetry/api';
import { describe, expect, it } from 'vitest';
import type { NewEvent } from '../ports/event-store';
import { contextFromHeaders, contextFromTraceparent, linkTo, traceIdOf, traceparentOf } from './trace-context';
import { withTraceparent } from './traced-event-store';

const TRACEPARENT = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';

describe('W3C trace context helpers', () => {
  it('carry a traceparent through a context and back unchanged', () => {
    const ctx = contextFromTraceparent(TRACEPARENT);
    expect(traceIdOf(ctx)).toBe('0af7651916cd43dd8448eb211c80319c');
    expect(traceparentOf(ctx)).toBe(TRACEPARENT);
  });

  it('answer nothing outside a span, and leave the context as it was for a missing or malformed traceparent', () => {
    expect(traceparentOf(ROOT_CONTEXT)).toBeUndefined();
    expect(traceIdOf(ROOT_CONTEXT)).toBeUndefined();
    for (const bad of [undefined, 42, '', 'not-a-traceparent', '00-00000000000000000000000000000000-b7ad6b7169203331-01', '00-0af7651916cd43dd8448eb211c80319c-0000000000000000-01']) {
      expect(contextFromTraceparent(bad)).toBe(ROOT_CONTEXT);
      expect(linkTo(bad)).toBeUndefined();
    }
  });

  it('read the traceparent header of a request or a message, single or repeated', () => {
    expect(traceparentOf(contextFromHeaders({ traceparent: TRACEPARENT, host: 'x' }))).toBe(TRACEPARENT);
    expect(traceparentOf(contextFromHeaders({ traceparent: [TRACEPARENT] }))).toBe(TRACEPARENT);
    expect(traceparentOf(contextFromHeaders({ 'x-correlation-id': 'abc' }))).toBeUndefined();
  });

  it('link to the span a traceparent names', () => {
    expect(linkTo(TRACEPARENT)?.context).toMatchObject({ traceId: '0af7651916cd43dd8448eb211c80319c', spanId: 'b7ad6b7169203331', isRemote: true });
  });

  it("write the traceparent into each event's own metadata, beside what was there, without changing the caller's objects", () => {
    const shared = { userId: 'u1', correlationId: 'c1' };
    const events: NewEvent[] = [
      { id: 'e1', type: 'A', data: {}, metadata: shared, occurredAt: '2026-01-01T00:00:00.000Z' },
      { id: 'e2', type: 'B', data: {}, occurredAt: '2026-01-01T00:00:00.000Z' },
    ];
    const traced = withTraceparent(events, TRACEPARENT);
    expect(traced.map((e) => e.metadata)).toEqual([{ userId: 'u1', correlationId: 'c1', traceparent: TRACEPARENT }, { traceparent: TRACEPARENT }]);
    expect(shared).toEqual({ userId: 'u1', correlationId: 'c1' });
    expect(withTraceparent(events, undefined)).toBe(events);
  });
});
