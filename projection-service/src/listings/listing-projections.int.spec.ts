import { expect, it } from 'vitest';
import { HackathonContentSchema, hackathonSaveStream, hackathonStream } from '@circuit/shared/events/hackathons';
import { hackathonRosterStream } from '@circuit/shared/events/hackathon-registrations';
import { EventContentSchema, eventSaveStream, eventStream } from '@circuit/shared/events/event-listings';
import { eventRosterStream } from '@circuit/shared/events/event-registrations';
import { quizAttemptStream, quizSaveStream, quizStream } from '@circuit/shared/events/quizzes';
import { QuizFormSchema } from '@circuit/shared/validation/quizzes';
import { describeOnBothDatabases, type OpenDatabase } from '@circuit/shared/testkit/both-databases';
import { feedOnDatabase, laterCopy, type FeedAppend } from '../runner/batch-equivalence.testkit';
import { migrateHackathonsReadModels } from '../hackathons/hackathons-migrations';
import { hackathonsProjection } from '../hackathons/hackathons-projection';
import { migrateEventsReadModels } from '../events/events-migrations';
import { eventsProjection } from '../events/events-projection';
import { migrateQuizzesReadModels } from '../quizzes/quizzes-migrations';
import { quizzesProjection } from '../quizzes/quizzes-projection';

/**
 * The listing projections fold a batch into a few statements; applied one event per batch, in
 * one batch, or cut anywhere between, a feed must leave the same rows in every table. The feed
 * has what a batch gets wrong most easily: a listing created, edited, rejected, resubmitted,
 * approved, featured and deleted with another created under its username; two listings swapping
 * their usernames; registrations, repeated and undone; the waitlist, offers and cancellations;
 * quiz attempts scored under a key edited and regraded between them; saves and unsaves.
 */
const PROJECTIONS = [hackathonsProjection, eventsProjection, quizzesProjection];
/** What names a listing in the events: a later copy prefixes them (about other listings). */
const LISTING_KEYS = ['hackathonId', 'eventId', 'quizId', 'username'];
/** Every table of the three, with its key (the order of a dump). */
const TABLES: Record<string, string[]> = {
  hackathons: ['id'],
  hackathon_saves: ['hackathon_id', 'user_id'],
  hackathon_registered_users: ['hackathon_id', 'user_id'],
  events: ['id'],
  event_saves: ['event_id', 'user_id'],
  event_attendees: ['event_id', 'user_id'],
  event_waitlist: ['event_id', 'user_id'],
  event_offers: ['event_id', 'user_id'],
  calendar_feed_tokens: ['user_id'],
  quizzes: ['id'],
  quiz_saves: ['quiz_id', 'user_id'],
  quiz_participants: ['quiz_id', 'user_id'],
  quiz_gradings: ['quiz_id', 'replaced_at'],
};

let minute = 0;
const at = () => new Date(Date.UTC(2030, 2, 1, 10, minute++)).toISOString();

const dates = { registrationDeadline: '2030-03-05T00:00:00.000Z', startDate: '2030-03-06T00:00:00.000Z', endDate: '2030-03-07T00:00:00.000Z' };
const hackathon = (username: string, title: string) => HackathonContentSchema.parse({ username, title, shortDescription: `${title} short`, technologies: ['Rust'], dates, takeRegistrations: 'pending' });
const listedEvent = (username: string, title: string) =>
  EventContentSchema.parse({
    username,
    title,
    shortDescription: 'Short',
    description: '<p>x</p>',
    organization: { name: 'Club' },
    dates,
    maxAttendees: 2,
    takeRegistrations: 'pending',
  });
const quiz = (title: string, key: number[]) =>
  QuizFormSchema.parse({
    title,
    description: '<p>Capitals <b>of</b> the world</p>',
    dates: { registrationStartDate: '2030-03-01T10:00:00.000Z', registrationEndDate: '2030-03-02T10:00:00.000Z', startDate: '2030-03-01T10:00:00.000Z', endDate: '2030-03-03T10:00:00.000Z' },
    questions: key.map((correctAnswer, i) => ({ question: `q${i}`, options: ['a', 'b', 'c'], correctAnswer })),
  });


function hackathonFeed(): FeedAppend[] {
  const by = () => ({ at: at(), byUserId: 'org' });
  const h = (id: string, type: string, data: object = {}): FeedAppend => [hackathonStream(id), [{ type, data: { hackathonId: id, ...by(), ...data } }]];
  const roster = (id: string, ...steps: [type: 'HackathonParticipantRegistered' | 'HackathonParticipantUnregistered', userId: string][]): FeedAppend => [
    hackathonRosterStream(id),
    steps.map(([type, userId]) => ({ type, data: { hackathonId: id, userId, at: at(), ...(type === 'HackathonParticipantRegistered' ? { profile: {}, fee: 'free' } : {}) } })),
  ];
  const save = (id: string, userId: string, type: 'HackathonSaved' | 'HackathonUnsaved'): FeedAppend => [hackathonSaveStream(id, userId), [{ type, data: { hackathonId: id, userId, at: at() } }]];
  return [
    h('h1', 'HackathonCreated', { createdBy: 'org', content: hackathon('alpha', 'Alpha Hack') }),
    h('h1', 'HackathonRejected', { reason: 'too short' }),
    h('h1', 'HackathonUpdated', { content: hackathon('alpha', 'Alpha Hack longer') }),
    h('h1', 'HackathonRejected', { reason: 'still short' }),
    roster('h1', ['HackathonParticipantRegistered', 'u1'], ['HackathonParticipantRegistered', 'u2'], ['HackathonParticipantRegistered', 'u3']),
    roster('h1', ['HackathonParticipantUnregistered', 'u2'], ['HackathonParticipantRegistered', 'u2'], ['HackathonParticipantUnregistered', 'u4'], ['HackathonParticipantRegistered', 'u1']),
    save('h1', 'u1', 'HackathonSaved'),
    save('h1', 'u2', 'HackathonSaved'),
    save('h1', 'u1', 'HackathonUnsaved'),
    save('h1', 'u1', 'HackathonSaved'),
    save('h1', 'u3', 'HackathonSaved'),
    save('h1', 'u3', 'HackathonSaved'),
    h('h3', 'HackathonCreated', { createdBy: 'org', content: hackathon('gamma', 'Gamma Jam') }),
    h('h3', 'HackathonApproved'),
    h('h1', 'HackathonUpdated', { content: hackathon('alpha', 'Alpha Hack resubmitted') }),
    h('h1', 'HackathonApproved'),
    h('h1', 'HackathonFeatureChanged', { isFeatured: true }),
    h('h3', 'HackathonRejected', { reason: 'no dates' }),
    h('h1', 'HackathonFeatureChanged', { isFeatured: false }),
    h('h4', 'HackathonCreated', { createdBy: 'org', content: hackathon('delta', 'Delta Days') }),
    h('h5', 'HackathonCreated', { createdBy: 'org', content: hackathon('epsilon', 'Epsilon Event') }),
    h('h1', 'HackathonFeatureChanged', { isFeatured: true }),
    h('h3', 'HackathonUpdated', { content: hackathon('gamma', 'Gamma Jam dated') }),
    roster('h3', ['HackathonParticipantRegistered', 'u1']),
    h('h1', 'HackathonDeleted'),
    roster('h1', ['HackathonParticipantUnregistered', 'u3']),
    h('h2', 'HackathonCreated', { createdBy: 'org2', content: hackathon('alpha', 'Second Alpha') }),
    roster('h2', ['HackathonParticipantRegistered', 'u1'], ['HackathonParticipantRegistered', 'u2']),
    h('h2', 'HackathonApproved'),
    // An edit of an accepted listing leaves it accepted.
    h('h2', 'HackathonUpdated', { content: hackathon('alpha', 'Second Alpha renamed Kappa') }),
    save('h2', 'u1', 'HackathonSaved'),
    // h4 and h5 swap their usernames through a third.
    h('h4', 'HackathonUpdated', { content: hackathon('zeta', 'Delta Days') }),
    h('h5', 'HackathonUpdated', { content: hackathon('delta', 'Epsilon Event') }),
    h('h4', 'HackathonUpdated', { content: hackathon('epsilon', 'Delta Days') }),
    roster('h2', ['HackathonParticipantUnregistered', 'u2']),
  ];
}

function eventFeed(): FeedAppend[] {
  const by = () => ({ at: at(), byUserId: 'org' });
  const e = (id: string, type: string, data: object = {}): FeedAppend => [eventStream(id), [{ type, data: { eventId: id, ...by(), ...data } }]];
  const r = (id: string, ...steps: [type: string, userId: string, data?: object][]): FeedAppend => [eventRosterStream(id), steps.map(([type, userId, data]) => ({ type, data: { eventId: id, userId, at: at(), ...data } }))];
  const registered = (via: 'direct' | 'waitlist', paid = false) => ({ profile: {}, paymentStatus: paid ? 'pending' : 'completed', holdUntil: paid ? '2030-03-02T10:00:00.000Z' : null, via, amount: paid ? 10 : 0, currency: 'USD' });
  const offered = { expiresAt: '2030-03-02T12:00:00.000Z' };
  const save = (id: string, userId: string, type: 'EventSaved' | 'EventUnsaved'): FeedAppend => [eventSaveStream(id, userId), [{ type, data: { eventId: id, userId, at: at() } }]];
  const token = (userId: string, value: string): FeedAppend => [`calendar-feed-${userId}`, [{ type: 'CalendarFeedTokenIssued', data: { userId, token: value, at: at() } }]];
  return [
    e('e1', 'EventCreated', { createdBy: 'org', content: listedEvent('meet', 'Meetup One') }),
    e('e1', 'EventApproved'),
    r('e1', ['EventAttendeeRegistered', 'u1', registered('direct')], ['EventAttendeeRegistered', 'u2', registered('direct', true)]),
    r('e1', ['EventWaitlistJoined', 'u3', { profile: {} }], ['EventWaitlistJoined', 'u4', { profile: {} }], ['EventWaitlistJoined', 'u5', { profile: {} }]),
    r('e1', ['EventRegistrationPaid', 'u2', { orderId: 'o1', paymentId: 'p1' }]),
    save('e1', 'u1', 'EventSaved'),
    token('u1', 'token-one-aaaaaaaaaaaa'),
    r('e1', ['EventAttendeeUnregistered', 'u1'], ['EventPlaceOffered', 'u3', offered]),
    r('e1', ['EventAttendeeRegistered', 'u3', registered('waitlist', true)], ['EventWaitlistLeft', 'u4']),
    e('e1', 'EventRejected', { reason: 'typo' }),
    e('e1', 'EventUpdated', { content: listedEvent('meet', 'Meetup One fixed') }),
    r('e1', ['EventRegistrationPaymentFailed', 'u3', { orderId: 'o2', reason: 'declined' }], ['EventPlaceOffered', 'u5', offered], ['EventOfferDeclined', 'u5']),
    r('e1', ['EventWaitlistJoined', 'u6', { profile: {} }], ['EventPlaceOffered', 'u6', offered], ['EventOfferExpired', 'u6'], ['EventRegistrationPaid', 'u1', { orderId: 'o3', paymentId: 'p3' }]),
    save('e1', 'u2', 'EventSaved'),
    save('e1', 'u1', 'EventUnsaved'),
    token('u1', 'token-two-bbbbbbbbbbbb'),
    token('u2', 'token-three-cccccccccc'),
    e('e2', 'EventCreated', { createdBy: 'org', content: listedEvent('meet2', 'Meetup Two') }),
    e('e2', 'EventApproved'),
    r('e2', ['EventAttendeeRegistered', 'u1', registered('direct')], ['EventWaitlistJoined', 'u2', { profile: {} }], ['EventPlaceOffered', 'u7', offered]),
    save('e2', 'u1', 'EventSaved'),
    e('e2', 'EventDeleted'),
    e('e3', 'EventCreated', { createdBy: 'org', content: listedEvent('meet2', 'Meetup Three') }),
    r('e3', ['EventAttendeeRegistered', 'u1', registered('direct')], ['EventAttendeeRegistered', 'u2', registered('direct')], ['EventWaitlistJoined', 'u3', { profile: {} }]),
    e('e1', 'EventApproved'),
    // A roster change of an event not listed yet is counted by the next one after it is (none here).
    r('e4', ['EventAttendeeRegistered', 'u1', registered('direct')]),
    e('e4', 'EventCreated', { createdBy: 'org', content: listedEvent('meet4', 'Meetup Four') }),
    r('e3', ['EventAttendeeUnregistered', 'u2'], ['EventAttendeeRegistered', 'u2', registered('direct', true)], ['EventRegistrationExpired', 'u2']),
  ];
}

function quizFeed(): FeedAppend[] {
  const by = () => ({ at: at(), byUserId: 'org' });
  const q = (id: string, type: string, data: object = {}): FeedAppend => [quizStream(id), [{ type, data: { quizId: id, ...by(), ...data } }]];
  const profile = { firstName: 'A', lastName: 'B', mobile: '9876543210', college: 'c', course: 'B.Tech', branch: 'CS', collegeYear: '1st Year', country: 'India', state: 'Goa' };
  const join = (id: string, userId: string, paymentStatus: 'completed' | 'pending' = 'completed'): FeedAppend => [quizStream(id), [{ type: 'QuizParticipantRegistered', data: { quizId: id, userId, profile, paymentStatus, at: at() } }]];
  const attempt = (id: string, userId: string, picks: [question: number, answer: number][], submit = true): FeedAppend => [
    quizAttemptStream(id, userId),
    [
      { type: 'QuizAttemptStarted', data: { quizId: id, userId, startedAt: at(), deadline: '2030-03-03T10:00:00.000Z' } },
      ...picks.map(([questionIndex, selectedAnswer]) => ({ type: 'QuizAnswerRecorded', data: { quizId: id, userId, questionIndex, selectedAnswer, at: at() } })),
      ...(submit ? [{ type: 'QuizAttemptSubmitted', data: { quizId: id, userId, via: 'submit', timeTaken: 30 + picks.length, at: at() } }] : []),
    ],
  ];
  const save = (id: string, userId: string, type: 'QuizSaved' | 'QuizUnsaved'): FeedAppend => [quizSaveStream(id, userId), [{ type, data: { quizId: id, userId, at: at() } }]];
  const regrade = (id: string, answerKey: number[], previousAnswerKey: number[], correct: number, previous: number) => q(id, 'QuizRegraded', { answerKey, marking: { correct, incorrect: -1 }, previousAnswerKey, previousMarking: { correct: previous, incorrect: -1 } });
  return [
    q('q1', 'QuizCreated', { createdBy: 'org', content: quiz('Capitals', [0, 1, 2]) }),
    q('q1', 'QuizApproved'),
    join('q1', 'u1'),
    join('q1', 'u2', 'pending'),
    join('q1', 'u1'),
    [quizStream('q1'), [{ type: 'QuizPaymentFailed', data: { quizId: 'q1', userId: 'u2', orderId: 'o1', reason: 'declined', at: at() } }]],
    [quizStream('q1'), [{ type: 'QuizPaymentCompleted', data: { quizId: 'q1', userId: 'u2', orderId: 'o2', paymentId: 'p2', at: at() } }]],
    attempt('q1', 'u1', [
      [0, 0],
      [1, 2],
      [1, 1],
      [2, 0],
      [2, -1],
    ]),
    // The key changes before u2 submits: u2 is scored by the new one.
    q('q1', 'QuizUpdated', { content: quiz('Capitals', [0, 1, 0]) }),
    attempt('q1', 'u2', [
      [0, 0],
      [2, 0],
    ]),
    attempt('q1', 'u9', [[0, 0]]),
    join('q1', 'u3'),
    attempt('q1', 'u3', [[1, 1]], false),
    save('q1', 'u1', 'QuizSaved'),
    regrade('q1', [1, 1, 0], [0, 1, 0], 4, 4),
    attempt('q1', 'u3', [[0, 1]]),
    regrade('q1', [0, 1, 0], [1, 1, 0], 2, 4),
    save('q1', 'u1', 'QuizUnsaved'),
    save('q1', 'u2', 'QuizSaved'),
    q('q2', 'QuizCreated', { createdBy: 'org', content: quiz('Rivers', [1]) }),
    q('q2', 'QuizRejected', { reason: 'one question' }),
    q('q2', 'QuizUpdated', { content: quiz('Rivers and lakes', [1, 2]) }),
    join('q2', 'u1'),
    q('q2', 'QuizDeleted'),
    join('q2', 'u2'),
  ];
}

/** The three feeds interleaved, so that every batch mixes the kinds. */
function listingFeed(): FeedAppend[] {
  const feeds = [hackathonFeed(), eventFeed(), quizFeed()];
  const mixed: FeedAppend[] = [];
  for (let i = 0; feeds.some((f) => i < f.length); i++) for (const f of feeds) if (f[i]) mixed.push(f[i]!);
  return mixed;
}

function listingProjectionsSuite(open: OpenDatabase) {
  const suite = feedOnDatabase(open, {
    tables: TABLES,
    projections: PROJECTIONS,
    migrations: [migrateHackathonsReadModels, migrateEventsReadModels, migrateQuizzesReadModels],
    feed: listingFeed,
    timeoutMs: 60_000,
  });

  it('gives the rows of one event at a time in one batch, in batches cut anywhere, and in a rebuild', async () => {
    const { batches, events, knex, store } = suite;
    await batches.applyInBatches(events, [1]);
    const oneByOne = await batches.dump();

    // What one event at a time gives, checked by hand where a batch could go wrong.
    const hackathons = Object.fromEntries(oneByOne.hackathons!.map((h) => [h.id, h]));
    expect(hackathons.h1).toBeUndefined();
    expect(hackathons.h2).toMatchObject({ username: 'alpha', status: 'accepted', title: 'Second Alpha renamed Kappa', current_participants: 1, created_by: 'org2' });
    expect(hackathons.h3).toMatchObject({ status: 'pending', rejection_reason: null, current_participants: 1 });
    expect([hackathons.h4?.username, hackathons.h5?.username]).toEqual(['epsilon', 'delta']);
    expect(oneByOne.hackathon_saves!.map((s) => [s.hackathon_id, s.user_id])).toEqual([['h2', 'u1']]);
    expect(oneByOne.hackathon_registered_users!.map((r) => `${r.hackathon_id}:${r.user_id}`)).toEqual(['h1:u1', 'h1:u2', 'h2:u1', 'h3:u1']);
    expect((await knex('hackathons').whereRaw(`search @@ to_tsquery('simple', 'kappa')`).pluck('id')).sort()).toEqual(['h2']);
    const listed = Object.fromEntries(oneByOne.events!.map((e) => [e.id, e]));
    expect(listed.e2).toBeUndefined();
    expect(listed.e1).toMatchObject({ status: 'accepted', title: 'Meetup One fixed', current_attendees: 1, waitlist_count: 0 });
    expect(listed.e3).toMatchObject({ username: 'meet2', status: 'pending', current_attendees: 1, waitlist_count: 1 });
    expect(listed.e4).toMatchObject({ current_attendees: 0, waitlist_count: 0 });
    expect(oneByOne.event_waitlist!.map((w) => [w.event_id, w.user_id])).toEqual([['e3', 'u3']]);
    expect(oneByOne.event_saves!.map((w) => [w.event_id, w.user_id])).toEqual([['e1', 'u2']]);
    expect(oneByOne.event_attendees!.map((a) => [a.event_id, a.user_id, a.payment_status])).toEqual([
      ['e1', 'u2', 'completed'],
      ['e3', 'u1', 'completed'],
      ['e4', 'u1', 'completed'],
    ]);
    expect(oneByOne.event_offers).toEqual([]);
    expect(oneByOne.calendar_feed_tokens!.map((t) => t.token)).toEqual(['token-two-bbbbbbbbbbbb', 'token-three-cccccccccc']);
    const quizzes = Object.fromEntries(oneByOne.quizzes!.map((q) => [q.id, q]));
    expect(quizzes.q2).toBeUndefined();
    expect(quizzes.q1).toMatchObject({ status: 'accepted', total_participants: 3, answer_key: [0, 1, 0], marking: { correct: 2, incorrect: -1 } });
    expect(oneByOne.quiz_participants!.map((p) => [p.user_id, p.payment_status, p.attempt, p.answers, p.calculated_marks])).toEqual([
      ['u1', 'completed', 'submitted', { 0: 0, 1: 1 }, 4],
      ['u2', 'completed', 'submitted', { 0: 0, 2: 0 }, 4],
      ['u3', 'completed', 'submitted', { 0: 1, 1: 1 }, 1],
      ['u1', 'completed', 'none', {}, null],
      // A registration after the quiz was deleted keeps its row (and counts nowhere).
      ['u2', 'completed', 'none', {}, null],
    ]);
    expect(oneByOne.quiz_gradings).toHaveLength(2);

    await batches.expectSameRowsHoweverCut(events, oneByOne, [[events.length], [2], [3], [5], [8], [13], [40, 1], [1, 60], [Math.floor(events.length / 2)]], store);
  }, 120_000);

  it('writes a batch with as many statements whatever its size', async () => {
    const { batches, events, knex } = suite;
    const once = await batches.statementsOf(events);
    const thrice = await batches.statementsOf([...events, ...laterCopy(events, 'b-', LISTING_KEYS), ...laterCopy(events, 'c-', LISTING_KEYS)]);
    expect(Number((await knex('hackathons').count<{ n: string }[]>({ n: '*' }))[0]!.n)).toBe(12);
    expect(thrice).toBe(once);
    expect(once).toBeLessThan(events.length / 2);
  });
}

describeOnBothDatabases('listing projections', 'listing_projections', listingProjectionsSuite);
