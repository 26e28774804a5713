import crypto from 'node:crypto';
import { handleCommand, loadState, toNewEvents, type CommandContext } from '@circuit/shared/commands/decider';
import { calendarFeedStream, eventSaveStream, eventSlugStream, eventStream, type EventContent } from '@circuit/shared/events/event-listings';
import { notFound, refused } from '@circuit/shared/commands/domain-errors';
import { findUserRow } from '@circuit/shared/read-models/users';
import { sanitizeListingHtml } from '@circuit/shared/hackathons/sanitize';
import { EventMessages as M, eventRuleViolations, normaliseTags, type EventForm } from '@circuit/shared/validation/events';
import { USERNAME_PATTERN } from '@circuit/shared/validation/hackathons';
import type { EventStore } from '@circuit/shared/ports/event-store';
import type { CommandServiceDeps } from '../context';
import { caughtUp } from '../http/read-your-writes';
import { eventDecider, eventSaveDecider, eventSlugDecider, type ActorRole, type EventCommand, type EventInfo } from './event-decider';

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

const EVENT_ID = /^[A-Za-z0-9_-]{1,100}$/;

/** The event of a path parameter: its id, or its username (through the slug reservation stream). 404 when there is none. */
export async function findEvent(store: EventStore, idOrUsername: string): Promise<EventInfo> {
  if (!EVENT_ID.test(idOrUsername)) throw notFound(M.notFound);
  const byId = (await loadState(store, eventStream(idOrUsername), eventDecider)).state;
  if (byId.exists) return byId;
  if (!USERNAME_PATTERN.test(idOrUsername)) throw notFound(M.notFound);
  const slug = (await loadState(store, eventSlugStream(idOrUsername), eventSlugDecider)).state;
  if (!slug.holder) throw notFound(M.notFound);
  const event = (await loadState(store, eventStream(slug.holder), eventDecider)).state;
  if (!event.exists) throw notFound(M.notFound);
  return event;
}

/** Event listing use cases; each answers after the read models include what it appended. */
export function createEventService(deps: CommandServiceDeps) {
  const now = deps.now ?? (() => new Date());

  async function actorOf(userId: string) {
    const row = await findUserRow(deps.knex, userId);
    const role = (row?.role === 'admin' || row?.role === 'moderator' ? row.role : 'user') as ActorRole;
    return { userId, role };
  }

  async function execute(command: EventCommand, ctx: CommandContext) {
    const result = await handleCommand(deps.store, eventStream(command.eventId), eventDecider, command, ctx, now);
    await caughtUp(deps.progress, result.position, result.events);
    return result;
  }

  const slug = (type: 'ReserveSlug' | 'ReleaseSlug', username: string, eventId: string, ctx: CommandContext) =>
    handleCommand(deps.store, eventSlugStream(username), eventSlugDecider, { type, slug: username, eventId, now: now() }, ctx, now);

  return {
    async create(userId: string, form: EventForm, ctx: CommandContext): Promise<{ eventId: string; username: string }> {
      const content = eventContentOf(form);
      const eventId = crypto.randomUUID();
      const actor = await actorOf(userId);
      // Of two simultaneous creates with one slug, the slug stream's revision check lets one win.
      await slug('ReserveSlug', content.username, eventId, ctx);
      try {
        await execute({ type: 'CreateEvent', eventId, actor, content, now: now() }, ctx);
      } catch (error) {
        await slug('ReleaseSlug', content.username, eventId, ctx);
        throw error;
      }
      return { eventId, username: content.username };
    },
    async update(userId: string, eventId: string, form: EventForm, ctx: CommandContext): Promise<{ username: string }> {
      const { state } = await loadState(deps.store, eventStream(eventId), eventDecider);
      // The username is locked: the stored one is checked and kept, whatever the form says. A client that
      // does not send the organiser's zone keeps the one stored.
      const content = eventContentOf({ ...form, username: state.username || form.username, timeZone: form.timeZone ?? state.timeZone });
      const result = await execute({ type: 'UpdateEvent', eventId, actor: await actorOf(userId), content, now: now() }, ctx);
      return { username: result.state.username };
    },
    async remove(userId: string, eventId: string, ctx: CommandContext): Promise<{ username: string }> {
      const result = await execute({ type: 'DeleteEvent', eventId, actor: await actorOf(userId), now: now() }, ctx);
      await slug('ReleaseSlug', result.state.username, eventId, ctx);
      return { username: result.state.username };
    },
    async approve(userId: string, eventId: string, ctx: CommandContext) {
      await execute({ type: 'ApproveEvent', eventId, actor: await actorOf(userId), now: now() }, ctx);
    },
    async reject(userId: string, eventId: string, reason: string, ctx: CommandContext) {
      await execute({ type: 'RejectEvent', eventId, actor: await actorOf(userId), reason, now: now() }, ctx);
    },
    async save(userId: string, eventId: string, saved: boolean, ctx: CommandContext) {
      const { state } = await loadState(deps.store, eventStream(eventId), eventDecider);
      const available = state.exists && !state.deleted && state.status === 'accepted';
      const result = await handleCommand(deps.store, eventSaveStream(eventId, userId), eventSaveDecider, { type: saved ? 'Save' : 'Unsave', eventId, userId, available, now: now() }, ctx, now);
      await caughtUp(deps.progress, result.position, result.events);
    },
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
