import type { CommandContext } from '@circuit/shared/commands/decider';
import { EVENT_CATEGORIES, EVENT_TYPES } from '@circuit/shared/event-listings/options';
import { EventFormSchema, type EventFormInput } from '@circuit/shared/validation/events';
import type { Knex } from 'knex';
import { unlessNotFound } from '@circuit/shared/commands/domain-errors';
import type { Logger } from '@circuit/shared/logger';
import type { EventService } from '../events/event-service';
import type { EventRegistrationService } from '../events/event-registration-service';
import type { FileStore } from '@circuit/shared/ports/file-store';
import { SEED_BANNER_FROM, storeSeedBanner } from './seed-banners';

const DAY = 86_400_000;

const TITLES = [
  ['Bengaluru JS Meetup', 'Talks and pizza for JavaScript folks.'],
  ['Cloud Summit India', 'Two days of cloud-native talks and labs.'],
  ['Intro to Rust Workshop', 'Hands-on: ownership, borrowing and your first CLI.'],
  ['Startup Pitch Night', 'Founders pitch, investors ask the hard questions.'],
  ['Design Systems Webinar', 'How teams keep one UI across many apps.'],
  ['TechFest 2026', 'The college fest: robotics, coding and music.'],
  ['Health Data Seminar', 'Privacy and open standards in public health.'],
  ['Green Campus Expo', 'Student projects that cut waste and energy.'],
  ['Code Golf Competition', 'Shortest solution wins. Any language.'],
  ['Women Who Code Mixer', 'Meet mentors and peers over coffee.'],
  ['Football Analytics Talk', 'Tracking data and what it tells coaches.'],
  ['Open Mic: Tech Stories', 'Five-minute stories from developers.'],
  ['AI Ethics Roundtable', 'Students and researchers on fair, accountable models.'],
  ['Product Management 101', 'From user interviews to a roadmap in one evening.'],
  ['Hardware Hackers Meetup', 'Boards, sensors and show-and-tell.'],
  ['Kabaddi Stats Night', 'What the numbers say about raids and tackles.'],
] as const;

const STATES = ['Karnataka', 'Maharashtra', 'Tamil Nadu', 'Delhi', 'Telangana', 'Kerala'];

/** Which date state a seeded event is in, by its index. */
function datesOf(i: number, now: number) {
  const at = (d: number) => new Date(now + d * DAY).toISOString();
  switch (i % 4) {
    case 0:
      return { registrationDeadline: at(10 + i), startDate: at(12 + i), endDate: at(13 + i) };
    case 1:
      return { registrationDeadline: at(-1), startDate: at(2), endDate: at(3) };
    case 2:
      return { registrationDeadline: at(-5), startDate: at(-1), endDate: at(2) };
    default:
      return { registrationDeadline: at(-20), startDate: at(-15), endDate: at(-14) };
  }
}

/** The registration modal of a demo user (their names come from their account). */
const profileOf = (i: number) => ({
  college: 'Circuit Institute of Technology',
  course: 'B.Tech',
  branch: 'Computer Science',
  collegeYear: `${(i % 4) + 1}${['st', 'nd', 'rd', 'th'][i % 4]} Year`,
  country: 'India',
  state: STATES[i % STATES.length]!,
  mobile: `98765${String(43210 + i).padStart(5, '0')}`,
  agreeToTerms: true,
});

/** Every type and category at least once, and a few more. */
export const SEED_EVENT_COUNT = Math.max(EVENT_TYPES.length, EVENT_CATEGORIES.length) + 6;

/** Whether an event holds this username (found through its slug stream). */
const eventExists = async (registrations: Pick<EventRegistrationService, 'findEvent'>, username: string) => (await unlessNotFound(registrations.findEvent(username))) !== undefined;

/**
 * Demo events in every type, category, pricing type (free, paid, donation) and date state
 * (open, closed, running, ended), one in review and one rejected; two small paid and free events
 * are full with people on their waitlist. Skips events whose username exists (an interrupted
 * seed continues).
 */
export async function seedEvents(
  deps: {
    events: EventService;
    registrations: EventRegistrationService;
    /** @deprecated Not read: the seed finds an event by its username on the streams. Callers may still pass it. */
    knex?: Knex;
    log: Logger; now: () => Date; files?: FileStore; payOrder?: (order: { orderId: string; userId: string }) => Promise<{ paymentId: string; signature: string }> },
  owners: string[],
  attendees: { userId: string; username: string }[],
  moderatorId: string,
  ctx: CommandContext,
): Promise<void> {
  const now = deps.now().getTime();
  for (let i = 0; i < SEED_EVENT_COUNT; i++) {
    const [title, short] = TITLES[i % TITLES.length]!;
    const username = `demo-event-${i + 1}`;
    if (await eventExists(deps.registrations, username)) continue;
    const pricing = i % 3 === 0 ? { type: 'free' } : i % 3 === 1 ? { type: 'paid', amount: 5 + (i % 5) * 5, currency: i % 2 ? 'USD' : 'INR' } : { type: 'donation', amount: 0, currency: 'USD' };
    // Two events small and open: they fill up and keep a line.
    const full = i === 0 || i === 4;
    const form: EventFormInput = {
      username,
      title: i < TITLES.length ? title : `${title} (${Math.floor(i / TITLES.length) + 1})`,
      shortDescription: short,
      description: `<p>${short}</p><ul><li>Talks and hands-on sessions</li><li>Meet people who build things</li></ul>`,
      organization: { name: ['Circuit Club', 'Dev Guild', 'Open Source Society'][i % 3]!, website: 'https://example.org' },
      location: i % 3 === 0 ? { type: 'online', country: 'India' } : { type: i % 3 === 1 ? 'offline' : 'hybrid', country: i === 5 ? 'Germany' : 'India', state: i === 5 ? 'Berlin' : STATES[i % STATES.length], city: 'City centre', address: `${10 + i} Main Road` },
      dates: datesOf(full ? 0 : i, now),
      eventType: EVENT_TYPES[i % EVENT_TYPES.length],
      category: EVENT_CATEGORIES[i % EVENT_CATEGORIES.length],
      maxAttendees: full ? 2 : i % 2 ? 100 : 0,
      pricing: pricing as EventFormInput['pricing'],
      faqs: [{ question: 'Is there a recording?', answer: 'Yes, for registered attendees.' }],
      tags: ['community', EVENT_CATEGORIES[i % EVENT_CATEGORIES.length]!],
      takeRegistrations: true,
      images: { banner: deps.files ? await storeSeedBanner(deps.files, SEED_BANNER_FROM.events + i) : '' },
    };
    const owner = owners[i % owners.length]!;
    const { eventId } = await deps.events.create(owner, EventFormSchema.parse(form), ctx);
    if (i === SEED_EVENT_COUNT - 1) continue; // left in review
    if (i === SEED_EVENT_COUNT - 2) {
      await deps.events.reject(moderatorId, eventId, 'Please add the venue’s full address and a banner.', ctx);
      continue;
    }
    await deps.events.approve(moderatorId, eventId, ctx);
    if (datesOf(full ? 0 : i, now).registrationDeadline < new Date(now).toISOString()) continue;
    const people = attendees.filter((a) => a.userId !== owner);
    for (const [n, person] of (full ? people : people.slice(0, 2)).entries()) {
      try {
        const result = await deps.registrations.register(person.userId, eventId, { ...profileOf(n), joinWaitlist: true }, ctx);
        if (result.requiresPayment && deps.payOrder && n % 2 === 0) {
          const order = await deps.registrations.createPaymentOrder(person.userId, eventId);
          const paid = await deps.payOrder({ orderId: order.orderId, userId: person.userId });
          await deps.registrations.verifyPayment(person.userId, eventId, { orderId: order.orderId, paymentId: paid.paymentId, signature: paid.signature }, ctx);
        }
      } catch (err) {
        deps.log.warn({ err, eventId }, 'a demo event registration failed');
      }
    }
  }
}
