import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '@circuit/shared/ports/event-store';
import type { PaymentPurpose } from '@circuit/shared/events/payments';
import { hackathonRoster } from '../hackathon-registrations/roster-decider';
import { eventRoster } from '../events/roster-decider';
import { quizRoster } from '../quizzes/quiz-roster';
import { paymentDispatch, type RosterPaymentHandler } from './payment-dispatch';

const at = '2030-01-10T10:00:00.000Z';
const recorded = (type: string, data: unknown): RecordedEvent => ({ id: 'cause', streamId: 's', type, data, metadata: {}, revision: 0, position: 1n, occurredAt: at });
const roster: RosterPaymentHandler = { completePayment: () => Promise.resolve(), failPayment: () => Promise.resolve() };
const dispatch = paymentDispatch({
  'hackathon-team': { roster, payments: hackathonRoster.payments },
  'event-registration': { roster, payments: eventRoster.payments },
  'quiz-registration': { roster, payments: quizRoster.payments },
});
const purpose = (kind: PaymentPurpose['kind']): PaymentPurpose => ({ kind, listingId: 'l1', subjectId: kind === 'hackathon-team' ? 't1' : 'u1' });
const refunded = (kind: PaymentPurpose['kind']) => recorded('PaymentRefunded', { orderId: 'o1', paymentId: 'p1', refundId: 'r1', amountMinor: 4900, currency: 'INR', reason: 'x', purpose: purpose(kind), at });

describe('the payment dispatcher', () => {
  it('sends a verified or failed payment to the roster its purpose names', () => {
    for (const kind of ['hackathon-team', 'event-registration', 'quiz-registration'] as const) {
      expect(dispatch(recorded('PaymentVerified', { orderId: 'o1', paymentId: 'p1', userId: 'u1', purpose: purpose(kind), via: 'webhook', at }))).toEqual([
        { kind: 'complete', purpose: purpose(kind), orderId: 'o1', paymentId: 'p1', payerId: 'u1' },
      ]);
      expect(dispatch(recorded('PaymentFailed', { orderId: 'o1', paymentId: 'p1', reason: 'declined', purpose: purpose(kind), at }))).toEqual([{ kind: 'fail', purpose: purpose(kind), orderId: 'o1', reason: 'declined' }]);
    }
  });

  it("refunds each roster's payment that bought nothing, with that roster's reason", () => {
    expect(dispatch(recorded('EventPaymentUnplaced', { eventId: 'l1', userId: 'u1', orderId: 'o1', paymentId: 'p1', at }))).toEqual([
      { kind: 'refund', orderId: 'o1', reason: 'The payment arrived after the place had passed on', payerId: 'u1' },
    ]);
    expect(dispatch(recorded('TeamPaymentUnplaced', { hackathonId: 'l1', teamId: 't1', orderId: 'o1', paymentId: 'p1', at }))).toEqual([
      { kind: 'refund', orderId: 'o1', reason: 'The team was deleted, or its fee was already paid by another order', payerId: null },
    ]);
    expect(dispatch(recorded('QuizPaymentUnplaced', { quizId: 'l1', userId: 'u1', orderId: 'o1', paymentId: 'p1', at }))).toEqual([
      { kind: 'refund', orderId: 'o1', reason: 'The quiz was deleted before the payment completed', payerId: 'u1' },
    ]);
  });

  it("tells the payer of a refund where the roster has words for it (not a team's); passes every other event by", () => {
    expect(dispatch(refunded('event-registration'))).toMatchObject([{ kind: 'tell-refunded', why: 'came through after your place had passed to the next person on the waitlist, so it bought no place' }]);
    expect(dispatch(refunded('quiz-registration'))).toMatchObject([{ kind: 'tell-refunded', why: 'came through after the quiz had been withdrawn by its organiser' }]);
    expect(dispatch(refunded('hackathon-team'))).toEqual([]);
    expect(dispatch(recorded('QuizApproved', { quizId: 'l1', at, byUserId: 'm' }))).toEqual([]);
  });
});
