import type { RegistrationState } from '@circuit/shared/api/admin-audit';
import { eventRosterStream, EventRegistrationEventSchemas as R } from '@circuit/shared/events/event-registrations';
import { PaymentPurposeSchema, type PaymentPurpose } from '@circuit/shared/events/payments';
import { quizAttemptStream, quizRosterStreams, QuizEventSchemas as Q } from '@circuit/shared/events/quizzes';
import type { EventStore, RecordedEvent } from '@circuit/shared/ports/event-store';
import { PAYMENT_EVENT_TYPES, scanFeed } from './feed-scan';
import type { RegistrationKind } from './registration-kinds';
import { labelOf, NOT_REGISTERED, registrationsList } from './registration-state';

type Fields = Omit<RegistrationState, 'label'>;
type ReadRow = { payment_status: RegistrationState['paymentStatus']; attempt?: string } | undefined;

const byPosition = (a: RecordedEvent, b: RecordedEvent) => (a.position < b.position ? -1 : a.position > b.position ? 1 : 0);
const withLabel = (state: Fields): RegistrationState => ({ ...state, label: labelOf(state) });
const ofUser = (userId: string) => (e: RecordedEvent) => (e.data as { userId?: unknown }).userId === userId;

/** The orders of one user's registration to one listing (the purpose names the listing and the user). */
async function ordersOf(store: EventStore, kind: PaymentPurpose['kind'], listingId: string, userId: string): Promise<RecordedEvent[]> {
  return (await scanFeed(store, PAYMENT_EVENT_TYPES)).filter((e) => {
    const purpose = PaymentPurposeSchema.safeParse((e.data as { purpose?: unknown }).purpose);
    return purpose.success && purpose.data.kind === kind && purpose.data.listingId === listingId && purpose.data.subjectId === userId;
  });
}

/** An event registration, on `event-roster-<eventId>`; replay mirrors the `event_attendees` rows of events-projection.ts. */
export const eventRegistrationKind: RegistrationKind = {
  type: 'event',
  list: (knex) => registrationsList(knex, 'event_attendees', 'events', 'event_id'),

  async history(store, listingId, userId) {
    const mine = (await store.readStream(eventRosterStream(listingId))).filter(ofUser(userId));
    // Free registrations have no order: the feed scan is for paid ones only.
    const paid = mine.some((e) => e.type === 'EventAttendeeRegistered' && R.EventAttendeeRegistered.parse(e.data).paymentStatus === 'pending');
    return paid ? [...mine, ...(await ordersOf(store, 'event-registration', listingId, userId))].sort(byPosition) : mine;
  },

  replay(events, userId) {
    let state: Fields = { ...NOT_REGISTERED };
    for (const event of events.filter(ofUser(userId))) {
      switch (event.type) {
        case 'EventAttendeeRegistered':
          state = { ...NOT_REGISTERED, registered: true, paymentStatus: R.EventAttendeeRegistered.parse(event.data).paymentStatus };
          break;
        case 'EventRegistrationPaid':
          if (state.registered) state = { ...state, paymentStatus: 'completed' };
          break;
        // The projection deletes the row: the place is given up, whatever the reason.
        case 'EventAttendeeUnregistered':
        case 'EventRegistrationPaymentFailed':
        case 'EventRegistrationExpired':
          state = { ...NOT_REGISTERED };
          break;
        default:
          break;
      }
    }
    return withLabel(state);
  },

  async readModel(knex, listingId, userId) {
    const row: ReadRow = await knex('event_attendees').where({ event_id: listingId, user_id: userId }).first('payment_status');
    return withLabel(row ? { ...NOT_REGISTERED, registered: true, paymentStatus: row.payment_status } : { ...NOT_REGISTERED });
  },
};

/**
 * A quiz registration (on `quiz-<quizId>`) and its attempt (on `quiz-attempt-<quizId>-<userId>`);
 * replay mirrors the `quiz_participants` rows of quizzes-projection.ts.
 */
export const quizRegistrationKind: RegistrationKind = {
  type: 'quiz',
  list: (knex) => registrationsList(knex, 'quiz_participants', 'quizzes', 'quiz_id'),

  async history(store, listingId, userId) {
    // Registrations made before the roster had a stream of its own are on the quiz's stream.
    const roster = (await Promise.all(quizRosterStreams(listingId).map((stream) => store.readStream(stream)))).flat().filter(ofUser(userId));
    const attempt = await store.readStream(quizAttemptStream(listingId, userId));
    const paid = roster.some((e) => e.type === 'QuizParticipantRegistered' && Q.QuizParticipantRegistered.parse(e.data).paymentStatus === 'pending');
    const orders = paid ? await ordersOf(store, 'quiz-registration', listingId, userId) : [];
    return [...roster, ...attempt, ...orders].sort(byPosition);
  },

  replay(events, userId) {
    let state: Fields = { ...NOT_REGISTERED };
    for (const event of events.filter(ofUser(userId))) {
      switch (event.type) {
        case 'QuizParticipantRegistered':
          // The projection ignores a second registration of the same user.
          if (!state.registered) state = { ...NOT_REGISTERED, registered: true, paymentStatus: Q.QuizParticipantRegistered.parse(event.data).paymentStatus, attempt: 'none' };
          break;
        case 'QuizPaymentCompleted':
        case 'QuizPaymentFailed':
          if (state.registered) state = { ...state, paymentStatus: event.type === 'QuizPaymentCompleted' ? 'completed' : 'failed' };
          break;
        case 'QuizAttemptStarted':
          if (state.registered) state = { ...state, attempt: 'started' };
          break;
        case 'QuizAttemptSubmitted':
          if (state.registered) state = { ...state, attempt: 'submitted' };
          break;
        default:
          break;
      }
    }
    return withLabel(state);
  },

  async readModel(knex, listingId, userId) {
    const row: ReadRow = await knex('quiz_participants').where({ quiz_id: listingId, user_id: userId }).first('payment_status', 'attempt');
    return withLabel(row ? { ...NOT_REGISTERED, registered: true, paymentStatus: row.payment_status, attempt: row.attempt ?? null } : { ...NOT_REGISTERED });
  },
};
