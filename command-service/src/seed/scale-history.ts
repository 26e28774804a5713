/**
 * A platform's history at the size of a season (`npm run bench:scale`, issue 37): per million events
 * about 100,000 users (registered and verified, some with profiles), 10,000 hackathons, 5,000 events
 * and 2,000 quizzes created and mostly approved, 300,000 registrations on their rosters, teams,
 * payments (captured, failed, refunded), 200,000 messages between connected users, a skewed follow
 * graph (a few people most others follow) and the notifications that go with it. Every event goes
 * through toNewEvents, so its data is checked against the catalogue as a decider's would be, and
 * each one is one the commands could have appended (a registration of an existing user for an
 * approved listing, once; a team of registrants without a team; a message between connected people).
 *
 * The steps interleave at random, weighted by what is left of each kind, so the feed reads like a
 * year of activity rather than a table dump. Deterministic for a seed except the ids (random UUIDs).
 */
import { randomUUID } from 'node:crypto';
import type { NewEvent } from '@circuit/shared/ports/event-store';
import { toNewEvents } from '@circuit/shared/commands/decider';
import { userStream } from '@circuit/shared/events/accounts';
import { relationshipStream } from '@circuit/shared/events/social';
import { conversationStream } from '@circuit/shared/events/messaging';
import { notificationsStream } from '@circuit/shared/events/notifications';
import { hackathonSlugStream, hackathonStream, type HackathonContent } from '@circuit/shared/events/hackathons';
import { hackathonRosterStream } from '@circuit/shared/events/hackathon-registrations';
import { eventSlugStream, eventStream, type EventContent } from '@circuit/shared/events/event-listings';
import { eventRosterStream } from '@circuit/shared/events/event-registrations';
import { quizRosterStream, quizStream } from '@circuit/shared/events/quizzes';
import { paymentStream, type PaymentPurpose } from '@circuit/shared/events/payments';
import { QuizFormSchema, QUIZ_CATEGORIES } from '@circuit/shared/validation/quizzes';
import { listingEventContent, listingHackathonContent } from './listing-contents';
import { seedHackathonForms } from './seed-hackathons';
import { seededRandom as random } from '@circuit/shared/testkit/seeded-random';

export interface ScaleAppend {
  streamId: string;
  events: NewEvent[];
  /** The people whose personal data the events carry (their data keys are needed to seal them). */
  people: string[];
}

/** How many of each step a history of a million events takes; each scales with the size asked for. */
const PER_MILLION = {
  user: 100_000,
  profile: 10_000,
  hackathon: 10_000,
  event: 5_000,
  quiz: 2_000,
  hackathonRegistration: 150_000,
  eventRegistration: 100_000,
  quizRegistration: 50_000,
  team: 10_000,
  connection: 20_000,
  accept: 18_000,
  message: 200_000,
  read: 15_000,
  follow: 40_000,
  notificationRead: 10_000,
} as const;
type Step = keyof typeof PER_MILLION;
/** What PER_MILLION adds up to in events (registrations with payments, teams of three with theirs): the scale's unit. */
const EVENTS_PER_MILLION = 1_000_000;

export type ScaleShape = Record<Step, number>;

/** The steps of a history of about `events` events. */
export function scaleShape(events: number): ScaleShape {
  const f = events / EVENTS_PER_MILLION;
  return Object.fromEntries(Object.entries(PER_MILLION).map(([k, n]) => [k, Math.max(1, Math.round(n * f))])) as ScaleShape;
}


interface Listing {
  id: string;
  /** The fee in the currency's major unit; 0 when free. */
  fee: number;
  currency: string;
  registered: Set<string>;
  /** Registrants of a hackathon not in a team yet. */
  teamless: string[];
}

const PROFILE = { mobile: '9876543210', college: 'National Institute of Technology', course: 'B.Tech', branch: 'Computer Science', collegeYear: '3rd Year', country: 'India', state: 'Karnataka' };
const DAY = 86_400_000;

export function* scaleHistory(options: { events: number; seed?: number; prefix?: string; now?: Date }): Generator<ScaleAppend> {
  const rnd = random(options.seed ?? 42);
  const now = options.now ?? new Date();
  const prefix = options.prefix ?? randomUUID().slice(0, 6);
  const left: Record<Step, number> = { ...scaleShape(options.events) };
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
  /** Early items far more often than late ones: popular listings, people many follow, chatty pairs. */
  const skewed = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() ** 3 * xs.length)]!;
  // A year of activity up to `now`.
  const steps = Object.values(left).reduce((a, b) => a + b, 0);
  const tick = Math.max(1, Math.floor((365 * DAY) / (steps * 2)));
  let clock = now.getTime() - 365 * DAY;
  const at = () => new Date((clock += tick)).toISOString();

  const users: { id: string; first: string; last: string }[] = [];
  const moderator = randomUUID();
  const hackathons: Listing[] = [];
  /** Listings created so far, approved or not (their usernames). */
  const created = { hackathon: 0, event: 0 };
  const events: Listing[] = [];
  const quizzes: Listing[] = [];
  /** Hackathons with at least three registrants without a team. */
  const teamable = new Set<Listing>();
  const follows = new Set<string>();
  const related = new Set<string>();
  const requests: [string, string][] = [];
  const connections: [string, string][] = [];
  const conversations: { from: string; to: string }[] = [];
  const notified: string[] = [];
  const hackathonTemplates = seedHackathonForms(now).length;
  const hackathonContents = new Map<number, HackathonContent>();
  const eventContents = new Map<number, EventContent>();

  const append = (streamId: string, actor: string, people: string[], list: { type: string; data: unknown }[], occurredAt: string): ScaleAppend => ({
    streamId,
    events: toNewEvents(list, { userId: actor, correlationId: randomUUID() }, occurredAt),
    people,
  });
  /** Listings come from the first percent of the people, a few of them most. */
  const organiser = () => users[Math.floor(rnd() ** 3 * Math.min(users.length, Math.max(5, Math.ceil(users.length / 100))))]!.id;
  /** A payment's events: the order, then captured (85 %), failed (10 %) or captured twice with the second given back (5 %). */
  function payment(userId: string, purpose: PaymentPurpose, fee: number, currency: string, t: string) {
    const orderId = `order_${randomUUID().replaceAll('-', '').slice(0, 14)}`;
    const paymentId = `pay_${randomUUID().replaceAll('-', '').slice(0, 14)}`;
    const amountMinor = Math.round(fee * 100);
    const roll = rnd();
    const list: { type: string; data: unknown }[] = [{ type: 'PaymentOrderCreated', data: { orderId, userId, purpose, amountMinor, currency, provider: 'sandbox', at: t } }];
    if (roll < 0.1) list.push({ type: 'PaymentFailed', data: { orderId, paymentId, reason: 'Card declined', purpose, at: t } });
    else {
      list.push({ type: 'PaymentVerified', data: { orderId, paymentId, userId, purpose, via: 'checkout', at: t } });
      if (roll >= 0.95) {
        const second = `pay_${randomUUID().replaceAll('-', '').slice(0, 14)}`;
        list.push(
          { type: 'PaymentDuplicateCaptured', data: { orderId, paymentId: second, userId, purpose, amountMinor, currency, via: 'webhook', at: t } },
          { type: 'PaymentDuplicateRefunded', data: { orderId, paymentId: second, refundId: `rfnd_${second.slice(4)}`, userId, amountMinor, currency, purpose, at: t } },
        );
      }
    }
    return { orderId, paymentId, captured: roll >= 0.1, append: append(paymentStream(orderId), userId, [], list, t) };
  }

  function* step(kind: Step): Generator<ScaleAppend, boolean> {
    const t = at();
    switch (kind) {
      case 'user': {
        const n = users.length;
        const id = n === 0 ? moderator : randomUUID();
        const username = `${prefix}_u${n}`;
        users.push({ id, first: `First${n % 997}`, last: `Last${n}` });
        const data = { userId: id, username, email: `${username}@example.com`, firstName: `First${n % 997}`, lastName: `Last${n}`, passwordHash: null, role: n === 0 ? 'admin' : 'user', emailVerified: false, registeredAt: t };
        yield append(userStream(id), id, [id], [{ type: 'UserRegistered', data }, { type: 'EmailVerified', data: { at: t } }], t);
        return true;
      }
      case 'profile': {
        const u = pick(users);
        const changes = { bio: `Student developer ${u.last}`, tagline: 'Building things', skills: ['TypeScript', pick(['React', 'Go', 'SQL', 'Python'])], college: PROFILE.college, socialLinks: { github: `https://github.com/${u.last}` } };
        yield append(userStream(u.id), u.id, [u.id], [{ type: 'ProfileUpdated', data: { changes, at: t } }], t);
        return true;
      }
      case 'hackathon': {
        const i = created.hackathon++;
        const username = `${prefix}-h${i}`;
        if (!hackathonContents.has(i % hackathonTemplates)) hackathonContents.set(i % hackathonTemplates, listingHackathonContent(now, i, username, { maxParticipants: 5000, teamSettings: { minMembers: 1, maxMembers: 4 } }));
        const base = hackathonContents.get(i % hackathonTemplates)!;
        const content = { ...base, username, title: `${base.title.replace(/ \d+$/, '')} ${i}` };
        const hackathonId = randomUUID();
        const by = organiser();
        yield append(hackathonSlugStream(username), by, [], [{ type: 'HackathonSlugReserved', data: { slug: username, hackathonId, at: t } }], t);
        const approved = rnd() < 0.95;
        yield append(
          hackathonStream(hackathonId),
          by,
          [],
          [{ type: 'HackathonCreated', data: { hackathonId, createdBy: by, content, at: t } }, ...(approved ? [{ type: 'HackathonApproved', data: { hackathonId, at: t, byUserId: moderator } }] : [])],
          t,
        );
        if (approved) hackathons.push({ id: hackathonId, fee: content.pricing.type === 'paid' ? content.pricing.amount : 0, currency: content.pricing.currency, registered: new Set(), teamless: [] });
        return true;
      }
      case 'event': {
        const i = created.event++;
        const username = `${prefix}-e${i}`;
        const paid = i % 10 === 3;
        const key = (i % 730) * 2 + (paid ? 1 : 0);
        if (!eventContents.has(key)) eventContents.set(key, listingEventContent(now, i, username, { maxAttendees: 0, pricing: paid ? { type: 'paid', amount: 299, currency: 'INR' } : { type: 'free' } }));
        const content = { ...eventContents.get(key)!, username, title: `${['Meetup', 'Workshop', 'Summit', 'Fest'][i % 4]} ${i}` };
        const eventId = randomUUID();
        const by = organiser();
        yield append(eventSlugStream(username), by, [], [{ type: 'EventSlugReserved', data: { slug: username, eventId, at: t } }], t);
        const approved = rnd() < 0.95;
        yield append(
          eventStream(eventId),
          by,
          [],
          [{ type: 'EventCreated', data: { eventId, createdBy: by, content, at: t } }, ...(approved ? [{ type: 'EventApproved', data: { eventId, at: t, byUserId: moderator } }] : [])],
          t,
        );
        if (approved) events.push({ id: eventId, fee: paid ? 299 : 0, currency: 'INR', registered: new Set(), teamless: [] });
        return true;
      }
      case 'quiz': {
        const i = quizzes.length;
        const paid = i % 10 === 7;
        const start = now.getTime() + ((i % 120) - 60) * DAY;
        const iso = (ms: number) => new Date(ms).toISOString();
        const category = QUIZ_CATEGORIES[i % QUIZ_CATEGORIES.length]!;
        const content = QuizFormSchema.parse({
          title: `Quiz ${i}`,
          description: '<p>A quick quiz</p>',
          category,
          timeLimit: 15,
          maxParticipants: 10_000,
          pricing: paid ? { type: 'paid', amount: 49, currency: 'INR' } : { type: 'free', amount: 0, currency: 'INR' },
          dates: { registrationStartDate: iso(start - 10 * DAY), registrationEndDate: iso(start - DAY), startDate: iso(start), endDate: iso(start + DAY) },
          tags: [category],
          questions: [
            { question: 'What is 2 + 2?', options: ['3', '4'], correctAnswer: 1, points: 1 },
            { question: 'Which is a prime?', options: ['4', '6', '7'], correctAnswer: 2, points: 1 },
          ],
        });
        const quizId = randomUUID();
        const by = organiser();
        yield append(quizStream(quizId), by, [], [{ type: 'QuizCreated', data: { quizId, createdBy: by, content, at: t } }, { type: 'QuizApproved', data: { quizId, at: t, byUserId: moderator } }], t);
        quizzes.push({ id: quizId, fee: paid ? 49 : 0, currency: 'INR', registered: new Set(), teamless: [] });
        return true;
      }
      case 'hackathonRegistration':
      case 'eventRegistration':
      case 'quizRegistration': {
        const list = kind === 'hackathonRegistration' ? hackathons : kind === 'eventRegistration' ? events : quizzes;
        if (list.length === 0) return false;
        const listing = skewed(list);
        const user = pick(users);
        if (listing.registered.has(user.id)) return false;
        listing.registered.add(user.id);
        const profile = { firstName: user.first, lastName: user.last, ...PROFILE };
        if (kind === 'hackathonRegistration') {
          yield append(hackathonRosterStream(listing.id), user.id, [user.id], [{ type: 'HackathonParticipantRegistered', data: { hackathonId: listing.id, userId: user.id, profile, at: t, fee: listing.fee > 0 ? 'paid' : 'free' } }], t);
          listing.teamless.push(user.id);
          if (listing.teamless.length >= 3) teamable.add(listing);
          return true;
        }
        const roster = kind === 'eventRegistration' ? eventRosterStream(listing.id) : quizRosterStream(listing.id);
        const base = kind === 'eventRegistration' ? { eventId: listing.id, userId: user.id, at: t } : { quizId: listing.id, userId: user.id, at: t };
        const registered =
          kind === 'eventRegistration'
            ? { type: 'EventAttendeeRegistered', data: { ...base, profile, paymentStatus: listing.fee > 0 ? 'pending' : 'completed', holdUntil: listing.fee > 0 ? new Date(Date.parse(t) + DAY).toISOString() : null, via: 'direct', amount: listing.fee, currency: listing.currency } }
            : { type: 'QuizParticipantRegistered', data: { ...base, profile: { ...profile, country: PROFILE.country }, paymentStatus: listing.fee > 0 ? 'pending' : 'completed' } };
        yield append(roster, user.id, [user.id], [registered], t);
        if (listing.fee === 0) return true;
        const purpose: PaymentPurpose = { kind: kind === 'eventRegistration' ? 'event-registration' : 'quiz-registration', listingId: listing.id, subjectId: user.id };
        const paid = payment(user.id, purpose, listing.fee, listing.currency, t);
        yield paid.append;
        const outcome =
          kind === 'eventRegistration'
            ? paid.captured
              ? { type: 'EventRegistrationPaid', data: { ...base, orderId: paid.orderId, paymentId: paid.paymentId } }
              : { type: 'EventRegistrationPaymentFailed', data: { ...base, orderId: paid.orderId, reason: 'Card declined' } }
            : paid.captured
              ? { type: 'QuizPaymentCompleted', data: { ...base, orderId: paid.orderId, paymentId: paid.paymentId } }
              : { type: 'QuizPaymentFailed', data: { ...base, orderId: paid.orderId, reason: 'Card declined' } };
        yield append(roster, user.id, [], [outcome], t);
        return true;
      }
      case 'team': {
        if (teamable.size === 0) return false;
        const listing = teamable.values().next().value!;
        const members = listing.teamless.splice(0, Math.min(listing.teamless.length, 2 + Math.floor(rnd() * 3)));
        if (listing.teamless.length < 3) teamable.delete(listing);
        const teamId = randomUUID();
        const [creator] = members as [string];
        const team = { hackathonId: listing.id, teamId, at: t };
        const roster = hackathonRosterStream(listing.id);
        yield append(roster, creator, [], [{ type: 'TeamCreated', data: { ...team, name: `Team ${teamId.slice(0, 4)}`, code: teamId.slice(0, 6).toUpperCase(), creatorId: creator } }], t);
        yield append(roster, creator, [], members.slice(1).map((userId) => ({ type: 'TeamMemberJoined', data: { ...team, userId } })), t);
        const submitted = { type: 'TeamSubmitted', data: { ...team, byUserId: creator, memberIds: members, requiresPayment: listing.fee > 0, amount: listing.fee, currency: listing.currency } };
        if (listing.fee === 0) {
          yield append(roster, creator, [], [submitted, { type: 'TeamRegistrationCompleted', data: { ...team, via: 'free', orderId: null, paymentId: null } }], t);
          return true;
        }
        yield append(roster, creator, [], [submitted], t);
        const paid = payment(creator, { kind: 'hackathon-team', listingId: listing.id, subjectId: teamId }, listing.fee * members.length, listing.currency, t);
        yield paid.append;
        yield append(
          roster,
          creator,
          [],
          [
            paid.captured
              ? { type: 'TeamRegistrationCompleted', data: { ...team, via: 'payment', orderId: paid.orderId, paymentId: paid.paymentId } }
              : { type: 'TeamPaymentFailed', data: { ...team, orderId: paid.orderId, reason: 'Card declined' } },
          ],
          t,
        );
        return true;
      }
      case 'connection': {
        const [a, b] = [pick(users).id, pick(users).id];
        const key = a < b ? `${a}|${b}` : `${b}|${a}`;
        if (a === b || related.has(key)) return false;
        related.add(key);
        requests.push([a, b]);
        yield append(relationshipStream(a, b), a, [], [{ type: 'ConnectionRequested', data: { from: a, to: b, at: t } }], t);
        yield append(notificationsStream(b), a, [], [{ type: 'NotificationCreated', data: { notificationId: randomUUID(), userId: b, type: 'connection_request', status: 'pending', isOutgoing: false, fromUserId: a, at: t } }], t);
        notified.push(b);
        return true;
      }
      case 'accept': {
        if (requests.length === 0) return false;
        const [a, b] = requests.splice(Math.floor(rnd() * requests.length), 1)[0]!;
        connections.push([a, b]);
        yield append(relationshipStream(a, b), b, [], [{ type: 'ConnectionAccepted', data: { from: b, to: a, at: t } }], t);
        return true;
      }
      case 'message': {
        if (connections.length === 0) return false;
        const pair = skewed(connections);
        const [from, to] = rnd() < 0.5 ? pair : ([pair[1], pair[0]] as const);
        conversations.push({ from, to });
        yield append(conversationStream(from, to), from, [from], [{ type: 'MessageSent', data: { messageId: randomUUID(), from, to, message: `See you at the hackathon? ${t.slice(11, 19)}`, replyTo: null, at: t } }], t);
        return true;
      }
      case 'read': {
        if (conversations.length === 0) return false;
        const { from, to } = pick(conversations);
        yield append(conversationStream(from, to), to, [], [{ type: 'MessagesRead', data: { reader: to, from, at: t } }], t);
        return true;
      }
      case 'follow': {
        const from = pick(users).id;
        const to = skewed(users).id;
        if (from === to || follows.has(`${from}>${to}`)) return false;
        follows.add(`${from}>${to}`);
        yield append(relationshipStream(from, to), from, [], [{ type: 'UserFollowed', data: { from, to, at: t } }], t);
        yield append(notificationsStream(to), from, [], [{ type: 'NotificationCreated', data: { notificationId: randomUUID(), userId: to, type: 'follow', status: null, isOutgoing: false, fromUserId: from, at: t } }], t);
        notified.push(to);
        return true;
      }
      case 'notificationRead': {
        if (notified.length === 0) return false;
        const userId = pick(notified);
        yield append(notificationsStream(userId), userId, [], [{ type: 'AllNotificationsRead', data: { at: t } }], t);
        return true;
      }
    }
  }

  const kinds = Object.keys(left) as Step[];
  // The first people and listings before anything that needs them.
  const firstUsers = Math.min(left.user, Math.max(20, Math.ceil(left.user / 50)));
  for (let i = 0; i < firstUsers; i++) yield* step('user');
  left.user -= firstUsers;
  /** Steps of each kind that could not happen in a row (no listing yet, a repeat drawn). */
  const misses = new Map<Step, number>();
  for (;;) {
    let total = 0;
    for (const k of kinds) total += left[k];
    if (total === 0) return;
    let r = rnd() * total;
    let kind = kinds[0]!;
    for (const k of kinds) {
      r -= left[k];
      if (r < 0) {
        kind = k;
        break;
      }
    }
    if (yield* step(kind)) {
      left[kind]--;
      misses.set(kind, 0);
    } else if ((misses.get(kind) ?? 0) + 1 > 10_000) {
      // This kind cannot happen any more (no registrant left without a team, say): the rest of it is dropped.
      left[kind] = 0;
    } else misses.set(kind, (misses.get(kind) ?? 0) + 1);
  }
}
