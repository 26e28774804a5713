import type { AuditEvent } from '@circuit/shared/api/admin-audit';
import type { RecordedEvent } from '@circuit/shared/ports/event-store';

const str = (v: unknown) => (typeof v === 'string' ? v : null);

/** What an event says, in a line, from its well-known fields (whatever its type). */
function summarise(event: RecordedEvent): string {
  const d = (event.data ?? {}) as Record<string, unknown>;
  // That it happened and why, never what was erased.
  if (event.type === 'AccountErased') return `Account erased (${String(d.reason)})`;
  const parts: string[] = [];
  for (const key of ['userId', 'teamId', 'name', 'orderId', 'paymentId', 'via', 'reason', 'fee', 'requiresPayment', 'amount', 'amountMinor', 'currency', 'refundId', 'gatewayMessage']) {
    if (d[key] !== undefined && d[key] !== null) parts.push(`${key}: ${String(d[key])}`);
  }
  return parts.join(', ');
}

/** An event as the audit shows it: who (the metadata's user, else the data's byUserId), when, and its causal ids. */
export function toAuditEvent(event: RecordedEvent): AuditEvent {
  const data = (event.data ?? {}) as Record<string, unknown>;
  return {
    position: event.position.toString(),
    streamId: event.streamId,
    type: event.type,
    at: new Date(event.occurredAt).toISOString(),
    actorId: str(event.metadata?.userId) ?? str(data.byUserId),
    correlationId: str(event.metadata?.correlationId),
    causationId: str(event.metadata?.causationId),
    summary: summarise(event),
  };
}
