import { z } from 'zod';
import type { ApiRegistration } from '@circuit/shared/http/openapi/contract';
import { CalendarFeedSchema, EventCardSchema, EventParticipantsSchema, EventRegistrationStatusSchema, EventSchema } from '@circuit/shared/api/events';
import { HackathonPageExtra, UsernameCheckSchema } from '@circuit/shared/api/hackathons';
import { EventListQuerySchema, EventMessages as M } from '@circuit/shared/validation/events';
import { EventFeaturedQuerySchema, PARTICIPANTS_FORBIDDEN } from './event-query-routes';

const tag = 'Events';
const Cards = z.array(EventCardSchema);
const EventId = z.object({ id: z.string().meta({ description: 'The event id (a UUID) or its username' }) });

/** event-query-routes.ts */
export const eventQueryOpenApi: ApiRegistration = (api) => {
  api.route({
    method: 'get',
    path: '/api/events',
    tag,
    summary: 'Accepted events matching every filter, latest start first, 12 at a time',
    description: 'Pass `nextCursor` back as `cursor` for the next page (null on the last). `status` and `dateRange` are decided by the server’s clock; `country` India is the event’s country India, International any other.',
    auth: 'optional',
    query: EventListQuerySchema,
    ok: { data: Cards, extra: HackathonPageExtra },
    errors: { 400: 'An unknown filter value (the message names it) or a cursor this server did not give out' },
  });
  api.route({ method: 'get', path: '/api/events/featured', tag, summary: 'Featured events (8 by default), filled with the soonest ones still open', auth: 'optional', query: EventFeaturedQuerySchema, ok: { data: Cards }, errors: { 400: 'limit out of range' } });
  api.route({ method: 'get', path: '/api/events/my-events', tag, summary: 'The events you created, in every status', auth: 'session', ok: { data: Cards } });
  api.route({ method: 'get', path: '/api/events/user/registered', tag, summary: 'The events you registered for', auth: 'session', ok: { data: Cards } });
  api.route({ method: 'get', path: '/api/users/saved-events', tag, summary: 'The events you saved, last saved first', auth: 'session', ok: { data: Cards } });
  api.route({ method: 'get', path: '/api/events/check-username/{username}', tag, summary: 'Whether an event username is free (the format rules first)', params: z.object({ username: z.string() }), ok: { data: UsernameCheckSchema } });
  for (const [path, param] of [
    ['/api/events/username/{username}', 'username'],
    ['/api/events/{id}', 'id'],
  ] as const) {
    api.route({
      method: 'get',
      path,
      tag,
      summary: param === 'id' ? 'One event by id (or by username)' : 'One event by username',
      auth: 'optional',
      params: z.object({ [param]: z.string() }),
      ok: { data: EventSchema },
      errors: { 403: `${M.notAvailable}: not accepted, and you are not its creator, an admin or a moderator`, 404: M.notFound },
    });
  }
  api.route({ method: 'get', path: '/api/events/{id}/registration-status', tag, summary: 'Your place at the event: registered (paid or due), waiting at a position, or offered a place', auth: 'session', params: EventId, ok: { data: EventRegistrationStatusSchema }, errors: { 404: M.notFound } });
  api.route({
    method: 'get',
    path: '/api/events/{id}/participants',
    tag,
    summary: 'Everyone registered, with their profile and payment status (the organiser, admins and moderators)',
    auth: 'session',
    params: EventId,
    ok: { data: EventParticipantsSchema },
    errors: { 403: PARTICIPANTS_FORBIDDEN, 404: M.notFound },
  });
  api.route({
    method: 'get',
    path: '/api/events/{id}/participants/export',
    tag,
    summary: 'The participants as `{title}_participants.csv`: every value quoted, formulas neutralised (the organiser, admins and moderators)',
    auth: 'session',
    params: EventId,
    ok: { status: 200, description: 'RFC 4180 CSV with a UTF-8 byte-order mark', contentType: 'text/csv', schema: z.string() },
    errors: { 403: PARTICIPANTS_FORBIDDEN, 404: M.notFound },
  });
  api.route({
    method: 'get',
    path: '/api/events/{id}/calendar.ics',
    tag,
    summary: 'The event as an iCalendar file (Add to calendar)',
    auth: 'optional',
    params: EventId,
    ok: { status: 200, description: 'An RFC 5545 calendar with one event', contentType: 'text/calendar', schema: z.string() },
    errors: { 403: M.notAvailable, 404: M.notFound },
  });
  api.route({ method: 'get', path: '/api/users/calendar-feed', tag, summary: 'The secret URL of your calendar feed (null until you create one)', auth: 'session', ok: { data: CalendarFeedSchema } });
  api.route({
    method: 'get',
    path: '/api/calendar/{file}',
    tag,
    summary: 'A personal calendar feed, `{token}.ics`: every event and hackathon its owner registered for (Google and Apple Calendar subscribe to it)',
    params: z.object({ file: z.string().meta({ description: '`{token}.ics`' }) }),
    ok: { status: 200, description: 'An RFC 5545 calendar', contentType: 'text/calendar', schema: z.string() },
    errors: { 404: 'Calendar not found (an unknown or rotated token)' },
  });
};
