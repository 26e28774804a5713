import { describe, expect, it } from 'vitest';
import { foldEvents } from '@circuit/shared/commands/decider';
import { given } from '@circuit/shared/testkit/given-when-then';
import type { RecordedEvent } from '@circuit/shared/ports/event-store';
import { quizDecider } from './quiz-decider';
import type { QuizInfo } from './quiz-info';
import { evolveQuizRoster, initialQuizRoster, quizRosterDecider, type QuizRosterEvent } from './quiz-roster';

const T0 = new Date('2026-11-24T10:00:00.000Z');
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);
const quiz = (over: Partial<QuizInfo> = {}): QuizInfo => ({
  quizId: 'q1',
  exists: true,
  deleted: false,
  status: 'accepted',
  maxParticipants: 2,
  registrationStartDate: '2026-11-24T09:00:00.000Z',
  registrationEndDate: '2026-11-24T11:00:00.000Z',
  pricing: { type: 'free', amount: 0, currency: 'INR' },
  ...over,
});
const paid = quiz({ pricing: { type: 'paid', amount: 10, currency: 'INR' } });
const profile = { firstName: 'A', lastName: 'B', mobile: '9876543210', college: 'c', course: 'B.Tech', branch: 'CS', collegeYear: '1st Year', country: 'India', state: 'Goa' };
const registered = (userId: string, paymentStatus: 'completed' | 'pending' = 'completed'): QuizRosterEvent => ({
  type: 'QuizParticipantRegistered',
  data: { quizId: 'q1', userId, profile, paymentStatus, at: T0.toISOString() },
});
const roster = quizRosterDecider();

describe('quiz roster', () => {
  it('registers within the window, once, up to the capacity; a paid quiz leaves the payment pending', () => {
    given(roster, []).when({ type: 'Register', userId: 'u1', profile, info: quiz(), now: T0 }).then([registered('u1')]);
    given(roster, [registered('u1')]).when({ type: 'Register', userId: 'u1', profile, info: quiz(), now: T0 }).thenThrows('conflict', 'You are already registered for this quiz');
    given(roster, [registered('u1'), registered('u2')]).when({ type: 'Register', userId: 'u3', profile, info: quiz(), now: T0 }).thenThrows('conflict', 'This quiz is full');
    given(roster, []).when({ type: 'Register', userId: 'u1', profile, info: quiz(), now: at(3601) }).thenThrows('refused', 'Registration is closed for this quiz');
    given(roster, []).when({ type: 'Register', userId: 'u1', profile, info: quiz({ status: 'pending' }), now: T0 }).thenThrows('not_found');
    const events = given(roster, []).when({ type: 'Register', userId: 'u1', profile, info: paid, now: T0 }).events();
    expect(events[0]).toMatchObject({ data: { paymentStatus: 'pending' } });
  });

  it('a payment completed after the quiz was deleted is marked for a refund once; a failure then changes nothing', () => {
    const deleted = quiz({ ...paid, deleted: true });
    const unplaced: QuizRosterEvent = { type: 'QuizPaymentUnplaced', data: { quizId: 'q1', userId: 'u1', orderId: 'o1', paymentId: 'p1', at: T0.toISOString() } };
    const pay = { type: 'CompletePayment' as const, listingId: 'q1', payer: 'u1', orderId: 'o1', paymentId: 'p1', info: deleted, now: T0 };
    given(roster, [registered('u1', 'pending')]).when(pay).then([unplaced]);
    given(roster, [registered('u1', 'pending'), unplaced]).when(pay).then([]);
    given(roster, [registered('u1', 'pending')]).when({ type: 'FailPayment', listingId: 'q1', payer: 'u1', orderId: 'o1', reason: 'declined', info: deleted, now: T0 }).then([]);
  });

  it('records a payment once; a failure only of a payment still due', () => {
    const completed: QuizRosterEvent = { type: 'QuizPaymentCompleted', data: { quizId: 'q1', userId: 'u1', orderId: 'o1', paymentId: 'p1', at: T0.toISOString() } };
    const pay = { type: 'CompletePayment' as const, listingId: 'q1', payer: 'u1', orderId: 'o1', paymentId: 'p1', info: paid, now: T0 };
    given(roster, [registered('u1', 'pending')]).when(pay).then([completed]);
    given(roster, [registered('u1', 'pending'), completed]).when(pay).then([]);
    given(roster, [registered('u1', 'pending'), completed]).when({ type: 'FailPayment', listingId: 'q1', payer: 'u1', orderId: 'o2', reason: 'declined', info: paid, now: T0 }).then([]);
    given(roster, [registered('u1', 'pending')])
      .when({ type: 'FailPayment', listingId: 'q1', payer: 'u1', orderId: 'o1', reason: 'declined', info: paid, now: T0 })
      .then([{ type: 'QuizPaymentFailed', data: { quizId: 'q1', userId: 'u1', orderId: 'o1', reason: 'declined', at: T0.toISOString() } }]);
  });

  it('counts the registrations stored on the quiz stream before the roster had its own', () => {
    // What quiz-<id> holds for a quiz registered before the change: the listing's events and the roster's, mixed.
    const recorded = (event: { type: string; data: unknown }, revision: number) => ({ ...event, id: `e${revision}`, streamId: 'quiz-q1', revision, position: BigInt(revision + 1), metadata: {}, occurredAt: T0.toISOString() }) as RecordedEvent;
    const listing = { type: 'QuizApproved', data: { quizId: 'q1', at: T0.toISOString(), byUserId: 'mod' } };
    const legacy = [listing, registered('u1'), registered('u2', 'pending')].map(recorded);
    const prior = foldEvents({ initialState: initialQuizRoster, evolve: evolveQuizRoster }, legacy);
    const onTop = quizRosterDecider(prior);
    given(onTop, []).when({ type: 'Register', userId: 'u3', profile, info: quiz(), now: T0 }).thenThrows('conflict', 'This quiz is full');
    given(onTop, []).when({ type: 'Register', userId: 'u1', profile, info: quiz({ maxParticipants: 5 }), now: T0 }).thenThrows('conflict', 'You are already registered for this quiz');
    given(onTop, []).when({ type: 'CompletePayment', listingId: 'q1', payer: 'u2', orderId: 'o1', paymentId: 'p1', info: paid, now: T0 }).then((events) => expect(events.map((e) => e.type)).toEqual(['QuizPaymentCompleted']));
    // The listing's fold passes the roster events it no longer keeps.
    expect(foldEvents(quizDecider, legacy).status).toBe('accepted');
  });
});
