import type { ApiRegistration } from '@circuit/shared/http/openapi/contract';
import { HackathonCardSchema, HackathonSchema } from '@circuit/shared/api/hackathons';
import { HackathonListQuerySchema, HackathonMessages } from '@circuit/shared/validation/hackathons';
import { organisedListingDocs } from '../listings/listing-query-openapi';
import { FeaturedQuerySchema } from './hackathon-query-routes';

/** hackathon-query-routes.ts */
export const hackathonQueryOpenApi: ApiRegistration = (api) => {
  organisedListingDocs(api, { tag: 'Hackathons', plural: 'hackathons', singular: 'hackathon', cards: HackathonCardSchema, detail: HackathonSchema, messages: HackathonMessages }, {
    list: { query: HackathonListQuerySchema, perPage: 'one page at a time', countryOf: 'listing' },
    featured: { query: FeaturedQuerySchema, summary: 'Featured hackathons (8 by default), filled with the soonest ones still open for registration' },
  });
};
