import type { Router } from 'express';
import { HackathonFormSchema, HackathonMessages, RejectBodySchema, type HackathonForm } from '@circuit/shared/validation/hackathons';
import { listingRoutes, type ListingApi } from '../listings/listing-routes';
import type { HackathonService } from './hackathon-service';

export const hackathonListingApi: ListingApi<HackathonForm, HackathonForm> = {
  names: { one: 'hackathon', many: 'hackathons' },
  schemas: { create: HackathonFormSchema, update: HackathonFormSchema, reject: RejectBodySchema },
  messages: { ...HackathonMessages, approved: 'Hackathon approved', rejected: 'Hackathon rejected', saved: 'Hackathon saved', unsaved: 'Hackathon removed from saved' },
};

/** The hackathon listing writes of spec 2 section 7, moderation (`/api/admin/hackathons/{id}/approve|reject`) and saves. */
export function hackathonRoutes(hackathons: HackathonService): Router {
  return listingRoutes({
    ...hackathonListingApi,
    location: ({ username = '' }) => `/api/hackathons/username/${encodeURIComponent(username)}`,
    service: hackathons,
  });
}
