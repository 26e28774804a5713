import { inSpanSync, SpanKind } from '@circuit/shared/tracing/tracing';

/**
 * An emit to sockets for something the bus brought, in a `socket emit <event>` span: inside the bus handler's span it
 * closes the trace of the command that caused it (tracing on; otherwise `emit` just runs).
 */
export function emitTraced(event: string, room: string | string[], emit: () => unknown): void {
  inSpanSync(`socket emit ${event}`, { kind: SpanKind.PRODUCER, attributes: { 'circuit.socket_event': event, 'circuit.rooms': Array.isArray(room) ? room : [room] } }, emit);
}
