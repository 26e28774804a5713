import type { EventStore, RecordedEvent } from '@circuit/shared/ports/event-store';

const PAGE = 1000;

/**
 * Every event of the given types in feed order, read straight from the store (the audit is the one
 * reader of the store outside the projections, docs/decisions.md#d4-queries-read-only-read-models). A whole-feed scan: for staff views.
 */
export async function scanFeed(store: EventStore, types: ReadonlySet<string>): Promise<RecordedEvent[]> {
  const out: RecordedEvent[] = [];
  let after = 0n;
  for (;;) {
    const page = await store.readAll(after, PAGE);
    for (const event of page) if (types.has(event.type)) out.push(event);
    if (page.length < PAGE) return out;
    after = page[page.length - 1]!.position;
  }
}

export const PAYMENT_EVENT_TYPES = new Set(['PaymentOrderCreated', 'PaymentVerified', 'PaymentFailed', 'PaymentRefunded', 'PaymentRefundRefused', 'PaymentDuplicateCaptured', 'PaymentDuplicateRefunded', 'PaymentDuplicateRefundRefused']);
