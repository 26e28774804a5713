import { z } from 'zod';
import type { ApiRegistration } from '@circuit/shared/http/openapi/contract';
import { CalendarFeedSchema, EventCardSchema, EventParticipantsSchema, EventRegistrationStatusSchema, EventSchema } from '@circuit/shared/api/events';
import { EventListQuerySchema, EventMessages as M } from '@circuit/shared/validation/events';
import { listingPartDocs, organisedListingDocs } from '../listings/listing-query-openapi';
import { EventFeaturedQuerySchema, PARTICIPANTS_FORBIDDEN } from './event-query-routes';

const EventId = z.object({ id: z.string().meta({ description: 'The event id (a UUID) or its username' }) });
const participantsOnly = { 403: PARTICIPANTS_FORBIDDEN };
const calendarFile = (description: string) => ({ status: 200 as const, description, contentType: 'text/calendar', schema: z.string() });

/** event-query-routes.ts */
export const eventQueryOpenApi: ApiRegistration = (api) => {
  const kind = { tag: 'Events', plural: 'events', singular: 'event', cards: EventCardSchema, messages: M };
  organisedListingDocs(api, { ...kind, detail: EventSchema }, {
    list: { query: EventListQuerySchema, perPage: '12 at a time', countryOf: 'event' },
    featured: { query: EventFeaturedQuerySchema, summary: 'Featured events (8 by default), filled with the soonest ones still open' },
  });
  const part = (route: Parameters<typeof listingPartDocs>[3]) => listingPartDocs(api, kind, EventId, route);
  part({ path: '/api/events/{id}/registration-status', summary: 'Your place at the event: registered (paid or due), waiting at a position, or offered a place', auth: 'session', ok: { data: EventRegistrationStatusSchema } });
  part({ path: '/api/events/{id}/participants', summary: 'Everyone registered, with their profile and payment status (the organiser, admins and moderators)', auth: 'session', ok: { data: EventParticipantsSchema }, errors: participantsOnly });
  part({
    path: '/api/events/{id}/participants/export',
    summary: 'The participants as `{title}_participants.csv`: every value quoted, formulas neutralised (the organiser, admins and moderators)',
    auth: 'session',
    ok: { status: 200, description: 'RFC 4180 CSV with a UTF-8 byte-order mark', contentType: 'text/csv', schema: z.string() },
    errors: participantsOnly,
  });
  part({ path: '/api/events/{id}/calendar.ics', summary: 'The event as an iCalendar file (Add to calendar)', auth: 'optional', ok: calendarFile('An RFC 5545 calendar with one event'), errors: { 403: M.notAvailable } });
  api.route({ method: 'get', path: '/api/users/calendar-feed', tag: kind.tag, summary: 'The secret URL of your calendar feed (null until you create one)', auth: 'session', ok: { data: CalendarFeedSchema } });
  api.route({
    method: 'get',
    path: '/api/calendar/{file}',
    tag: kind.tag,
    summary: 'A personal calendar feed, `{token}.ics`: every event and hackathon its owner registered for (Google and Apple Calendar subscribe to it)',
    params: z.object({ file: z.string().meta({ description: '`{token}.ics`' }) }),
    ok: calendarFile('An RFC 5545 calendar'),
    errors: { 404: 'Calendar not found (an unknown or rotated token)' },
  });
};
