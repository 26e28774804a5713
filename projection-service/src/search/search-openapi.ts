import { z } from 'zod';
import type { ApiRegistration } from '@circuit/shared/http/openapi/contract';
import { UserSearchPageSchema } from '@circuit/shared/api/users';
import { EMPTY_SEARCH, SEARCH_DEFAULT_LIMIT, SEARCH_MAX_LIMIT } from './search-routes';

const tag = 'Search';

/** The query is forgiving (search-routes.ts parses it): blanks dropped, bad numbers replaced by the defaults. */
export const SearchQuery = z.object({
  q: z.string().optional().meta({ description: 'Name, username or tagline; similar spellings match (at most 100 characters are used)' }),
  skills: z.string().optional().meta({ description: 'Comma-separated skills, any of which a user lists (case-insensitive)', example: 'react,node.js' }),
  page: z.string().optional().meta({ description: 'From 1', example: '1' }),
  limit: z.string().optional().meta({ description: `Default ${SEARCH_DEFAULT_LIMIT}, at most ${SEARCH_MAX_LIMIT}`, example: String(SEARCH_DEFAULT_LIMIT) }),
});

export const searchOpenApi: ApiRegistration = (api) => {
  api.tag(
    tag,
    'Text matches name, username and tagline, typo-tolerant (pg_trgm word similarity); skills match by overlap (any of them, case-insensitive); text and skills together must both match. Only active users with a verified e-mail are listed, never the viewer or users blocked either way. Ranking: text similarity, then the number of matching skills, then username. The message is "{n} users found" ("1 user found").',
  );
  api.route({
    method: 'get',
    path: '/api/users/search/by',
    tag,
    summary: 'Find users by name and skills, best matches first',
    description: 'Leaves out the caller, unverified or deactivated users, and users blocked either way.',
    auth: 'session',
    query: SearchQuery,
    ok: { data: UserSearchPageSchema, message: '3 users found' },
    errors: { 400: EMPTY_SEARCH },
  });
  api.route({
    method: 'get',
    path: '/api/users/skills/preset',
    tag,
    summary: 'The preset skill list (the first 8 are the quick chips)',
    ok: { data: z.array(z.string()) },
  });
};
