import type { Router } from 'express';
import { HackathonFormSchema, HackathonMessages, RejectBodySchema } from '@circuit/shared/validation/hackathons';
import { listingRoutes } from '../listings/listing-routes';
import type { HackathonService } from './hackathon-service';

/** The hackathon listing writes of spec 2 section 7, moderation (`/api/admin/hackathons/{id}/approve|reject`) and saves. */
export function hackathonRoutes(hackathons: HackathonService): Router {
  return listingRoutes({
    names: { one: 'hackathon', many: 'hackathons' },
    schemas: { create: HackathonFormSchema, update: HackathonFormSchema, reject: RejectBodySchema },
    messages: { ...HackathonMessages, approved: 'Hackathon approved', rejected: 'Hackathon rejected', saved: 'Hackathon saved', unsaved: 'Hackathon removed from saved' },
    location: ({ username = '' }) => `/api/hackathons/username/${encodeURIComponent(username)}`,
    service: hackathons,
  });
}
