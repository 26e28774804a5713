import type { Router } from 'express';
import { EventFormSchema, EventMessages as M, type EventForm } from '@circuit/shared/validation/events';
import { RejectBodySchema } from '@circuit/shared/validation/hackathons';
import { requireUserId } from '@circuit/shared/http/auth';
import { ok } from '@circuit/shared/http/envelope';
import { ctxOf, listingRoutes, type ListingApi } from '../listings/listing-routes';
import type { EventService } from './event-service';

export const eventListingApi: ListingApi<EventForm, EventForm> = { names: { one: 'event', many: 'events' }, schemas: { create: EventFormSchema, update: EventFormSchema, reject: RejectBodySchema }, messages: M };

/** The event listing writes of spec 2 section 7, moderation (`/api/admin/events/{id}/approve|reject`), saves and the calendar feed's secret. */
export function eventRoutes(events: EventService): Router {
  const router = listingRoutes({
    ...eventListingApi,
    location: ({ username = '' }) => `/api/events/username/${encodeURIComponent(username)}`,
    service: events,
  });

  router.post('/api/users/calendar-feed', async (req, res) => {
    const userId = requireUserId(req);
    const token = await events.rotateCalendarToken(userId, ctxOf(req));
    res.json(ok({ url: `${req.protocol}://${req.get('host') ?? 'localhost'}/api/calendar/${token}.ics` }, 'Your calendar link is ready. Any earlier link no longer works.'));
  });
  return router;
}
