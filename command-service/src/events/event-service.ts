import crypto from 'node:crypto';
import { toNewEvents, type CommandContext } from '@circuit/shared/commands/decider';
import { calendarFeedStream, type EventContent } from '@circuit/shared/events/event-listings';
import { refused } from '@circuit/shared/commands/domain-errors';
import { sanitizeListingHtml } from '@circuit/shared/hackathons/sanitize';
import { eventRuleViolations, normaliseTags, type EventForm } from '@circuit/shared/validation/events';
import type { EventStore } from '@circuit/shared/ports/event-store';
import type { CommandServiceDeps } from '../context';
import { caughtUp } from '../http/read-your-writes';
import { createListingService, findListingOf } from '../listings/listing-service';
import type { ListingState } from '../listings/listing-kind';
import { eventInfoOf, eventListing, type EventInfo } from './event-decider';

/** The form as stored: rules checked in the spec's order (first message answered), rich text sanitised, dates in UTC. */
export function eventContentOf(form: EventForm): EventContent {
  const [first] = eventRuleViolations(form);
  if (first) throw refused(first);
  const { takeRegistrations, ...rest } = form;
  const iso = (v: string) => new Date(v).toISOString();
  return {
    ...rest,
    username: form.username.trim().toLowerCase(),
    description: sanitizeListingHtml(form.description),
    tags: normaliseTags(form.tags),
    faqs: form.faqs.map((f, i) => ({ id: f.id || `faq-${i + 1}`, question: f.question.trim(), answer: f.answer.trim() })),
    dates: { startDate: iso(form.dates.startDate), endDate: iso(form.dates.endDate), registrationDeadline: iso(form.dates.registrationDeadline) },
    pricing: { ...form.pricing, amount: form.pricing.type === 'free' ? 0 : form.pricing.amount },
    takeRegistrations: takeRegistrations ? 'pending' : 'false',
  };
}

/** The event of a path parameter: its id, or its username (through the username reservation). 404 when there is none. */
export const findEvent = async (store: EventStore, idOrUsername: string): Promise<EventInfo> => eventInfoOf(await findListingOf(store, eventListing, idOrUsername));

/** Event listing use cases on the listing lifecycle, and the calendar feed's secret; each answers after the read models include what it appended. */
export function createEventService(deps: CommandServiceDeps) {
  const now = deps.now ?? (() => new Date());
  const listings = createListingService(deps, eventListing);
  const usernameOf = (state: ListingState<EventContent>) => state.content?.username ?? '';

  return {
    async create(userId: string, form: EventForm, ctx: CommandContext): Promise<{ eventId: string; username: string }> {
      const { id, state } = await listings.create(userId, eventContentOf(form), ctx);
      return { eventId: id, username: usernameOf(state) };
    },
    async update(userId: string, eventId: string, form: EventForm, ctx: CommandContext): Promise<{ username: string }> {
      // The username is locked: the stored one is checked and kept, whatever the form says. A client that
      // does not send the organiser's zone keeps the one stored.
      const edit = (stored: ListingState<EventContent>) => eventContentOf({ ...form, username: usernameOf(stored) || form.username, timeZone: form.timeZone ?? stored.content?.timeZone });
      return { username: usernameOf(await listings.update(userId, eventId, edit, ctx)) };
    },
    async remove(userId: string, eventId: string, ctx: CommandContext): Promise<{ username: string }> {
      return { username: usernameOf(await listings.remove(userId, eventId, ctx)) };
    },
    approve: listings.approve,
    reject: listings.reject,
    save: listings.save,
    /** A new secret for the user's calendar feed: the old feed URL stops working. */
    async rotateCalendarToken(userId: string, ctx: CommandContext): Promise<string> {
      const token = crypto.randomBytes(24).toString('base64url');
      const at = now().toISOString();
      // Each issue replaces the one before whatever came first: no revision to check.
      const appended = await deps.store.append(calendarFeedStream(userId), toNewEvents([{ type: 'CalendarFeedTokenIssued', data: { userId, token, at } }], { ...ctx, userId }, at), 'any');
      await caughtUp(deps.progress, appended.position, [{ type: 'CalendarFeedTokenIssued' }]);
      return token;
    },
  };
}

export type EventService = ReturnType<typeof createEventService>;
