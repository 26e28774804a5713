import { PaymentEventSchemas as P } from '@circuit/shared/events/payments';
import type { EventStore, RecordedEvent } from '@circuit/shared/ports/event-store';

const PAGE = 1000;

/** A type, not an interface: a table row of the archive is a plain record. */
export type PaymentLine = {
  order_id: string;
  for: string;
  listing_id: string;
  amount: string;
  currency: string;
  provider: string;
  status: 'started' | 'paid' | 'failed' | 'refunded' | 'refund refused';
  started_at: string;
  paid_at: string | null;
  payment_id: string | null;
  refunded_at: string | null;
  refund_reason: string | null;
  failure_reason: string | null;
  duplicate_captures_refunded: number;
};

const PURPOSES = { 'hackathon-team': 'Hackathon team registration', 'event-registration': 'Event registration', 'quiz-registration': 'Quiz registration' } as const;

/** The orders one person started, each folded to where it stands now. */
export function paymentLines(userId: string, events: readonly RecordedEvent[]): PaymentLine[] {
  const orders = new Map<string, PaymentLine>();
  for (const event of events) {
    if (event.type === 'PaymentOrderCreated') {
      const d = P.PaymentOrderCreated.parse(event.data);
      if (d.userId !== userId) continue;
      orders.set(d.orderId, {
        order_id: d.orderId,
        for: PURPOSES[d.purpose.kind],
        listing_id: d.purpose.listingId,
        amount: (d.amountMinor / 100).toFixed(2),
        currency: d.currency,
        provider: d.provider,
        status: 'started',
        started_at: d.at,
        paid_at: null,
        payment_id: null,
        refunded_at: null,
        refund_reason: null,
        failure_reason: null,
        duplicate_captures_refunded: 0,
      });
      continue;
    }
    const orderId = (event.data as { orderId?: unknown }).orderId;
    const line = typeof orderId === 'string' ? orders.get(orderId) : undefined;
    if (!line) continue;
    switch (event.type) {
      case 'PaymentVerified': {
        const d = P.PaymentVerified.parse(event.data);
        Object.assign(line, { status: 'paid', paid_at: d.at, payment_id: d.paymentId });
        break;
      }
      case 'PaymentFailed': {
        const d = P.PaymentFailed.parse(event.data);
        if (line.status === 'started') Object.assign(line, { status: 'failed', failure_reason: d.reason });
        break;
      }
      case 'PaymentRefunded': {
        const d = P.PaymentRefunded.parse(event.data);
        Object.assign(line, { status: 'refunded', refunded_at: d.at, refund_reason: d.reason });
        break;
      }
      case 'PaymentRefundRefused':
        line.status = 'refund refused';
        break;
      case 'PaymentDuplicateRefunded':
        line.duplicate_captures_refunded += 1;
        break;
    }
  }
  return [...orders.values()];
}

/**
 * Payments have no read model (the console's audit reads them from the store too): the whole feed
 * is read once per export, its payment events kept.
 */
export async function paymentHistory(store: EventStore, userId: string): Promise<PaymentLine[]> {
  const events: RecordedEvent[] = [];
  for (let after = 0n; ; ) {
    const page = await store.readAll(after, PAGE);
    for (const event of page) if (event.type.startsWith('Payment')) events.push(event);
    if (page.length < PAGE) return paymentLines(userId, events);
    after = page[page.length - 1]!.position;
  }
}
