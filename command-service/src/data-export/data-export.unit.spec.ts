import { describe, expect, it } from 'vitest';
import { DomainError } from '@circuit/shared/commands/domain-errors';
import { DATA_EXPORT_VALID_MS } from '@circuit/shared/events/data-exports';
import { exportsDecider, type ExportCommand, type ExportEvent, type ExportsState } from './export-decider';
import { paymentLines } from './payment-history';
import type { RecordedEvent } from '@circuit/shared/ports/event-store';

const now = new Date('2026-11-28T10:00:00.000Z');
const run = (state: ExportsState, command: ExportCommand) => {
  const events = exportsDecider.decide(command, state);
  return { events, state: events.reduce<ExportsState>((s, e: ExportEvent) => exportsDecider.evolve(s, e), state) };
};
const requested = () => run(exportsDecider.initialState(), { type: 'Request', userId: 'u1', exportId: 'e1', now });

describe('data exports decider', () => {
  it('builds one at a time: a second request while one builds is refused with the running one named', () => {
    const { state } = requested();
    try {
      exportsDecider.decide({ type: 'Request', userId: 'u1', exportId: 'e2', now }, state);
      expect.fail('a second export was accepted');
    } catch (error) {
      expect(error).toBeInstanceOf(DomainError);
      expect(error).toMatchObject({ kind: 'conflict', code: 'data_export_running', data: { exportId: 'e1' } });
    }
    // The same request again (its id) is no new export.
    expect(exportsDecider.decide({ type: 'Request', userId: 'u1', exportId: 'e1', now }, state)).toEqual([]);
  });

  it('moves an export only forward, so a builder that starts over after a restart appends nothing it did', () => {
    let { state } = requested();
    state = run(state, { type: 'Progress', userId: 'u1', exportId: 'e1', done: 2, total: 9, now }).state;
    expect(run(state, { type: 'Progress', userId: 'u1', exportId: 'e1', done: 1, total: 9, now }).events).toEqual([]);
    expect(run(state, { type: 'Progress', userId: 'u1', exportId: 'e1', done: 2, total: 9, now }).events).toEqual([]);
    const ready = run(state, { type: 'Finish', userId: 'u1', exportId: 'e1', fileKey: 'data-exports/k.zip', sizeBytes: 10, now });
    expect(ready.events[0]?.data).toMatchObject({ expiresAt: new Date(now.getTime() + DATA_EXPORT_VALID_MS).toISOString() });
    expect(run(ready.state, { type: 'Finish', userId: 'u1', exportId: 'e1', fileKey: 'data-exports/other.zip', sizeBytes: 10, now }).events).toEqual([]);
    expect(run(ready.state, { type: 'Fail', userId: 'u1', exportId: 'e1', reason: 'late', now }).events).toEqual([]);
    // Ready: the next one may be asked for.
    expect(run(ready.state, { type: 'Request', userId: 'u1', exportId: 'e2', now }).events).toHaveLength(1);
  });

  it('lets another be asked for once one failed', () => {
    const failed = run(requested().state, { type: 'Fail', userId: 'u1', exportId: 'e1', reason: 'disk full', now });
    expect(failed.state.exports.e1?.status).toBe('failed');
    expect(run(failed.state, { type: 'Request', userId: 'u1', exportId: 'e2', now }).events).toHaveLength(1);
  });
});

describe('payment lines', () => {
  const purpose = { kind: 'event-registration' as const, listingId: 'ev1', subjectId: 'u1' };
  const event = (type: string, data: object) => ({ type, data }) as unknown as RecordedEvent;
  it('folds each order of the person to where it stands, and leaves out other people’s', () => {
    const lines = paymentLines('u1', [
      event('PaymentOrderCreated', { orderId: 'o1', userId: 'u1', purpose, amountMinor: 49900, currency: 'INR', provider: 'sandbox', at: 't1' }),
      event('PaymentOrderCreated', { orderId: 'o2', userId: 'u2', purpose, amountMinor: 100, currency: 'INR', provider: 'sandbox', at: 't1' }),
      event('PaymentVerified', { orderId: 'o1', paymentId: 'p1', userId: 'u1', purpose, via: 'checkout', at: 't2' }),
      event('PaymentVerified', { orderId: 'o2', paymentId: 'p2', userId: 'u2', purpose, via: 'checkout', at: 't2' }),
      event('PaymentRefunded', { orderId: 'o1', paymentId: 'p1', refundId: 'r1', amountMinor: 49900, currency: 'INR', reason: 'Event cancelled', purpose, at: 't3' }),
    ]);
    expect(lines).toEqual([
      expect.objectContaining({ order_id: 'o1', for: 'Event registration', listing_id: 'ev1', amount: '499.00', currency: 'INR', status: 'refunded', paid_at: 't2', payment_id: 'p1', refunded_at: 't3', refund_reason: 'Event cancelled' }),
    ]);
  });
});
