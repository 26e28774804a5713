import { z } from 'zod';
import type { ApiRegistration } from '@circuit/shared/http/openapi/contract';
import { HackathonCardSchema, HackathonPageExtra, HackathonSchema, UsernameCheckSchema } from '@circuit/shared/api/hackathons';
import { HackathonListQuerySchema, HackathonMessages as M } from '@circuit/shared/validation/hackathons';
import { FeaturedQuerySchema } from './hackathon-query-routes';

const tag = 'Hackathons';
const Cards = z.array(HackathonCardSchema);

/** hackathon-query-routes.ts */
export const hackathonQueryOpenApi: ApiRegistration = (api) => {
  api.route({
    method: 'get',
    path: '/api/hackathons',
    tag,
    summary: 'Accepted hackathons matching every filter, latest start first, one page at a time',
    description: 'Pass `nextCursor` back as `cursor` for the next page (null on the last). `status` and `dateRange` are decided by the server’s clock; `country` India is the listing’s country India, International any other.',
    auth: 'optional',
    query: HackathonListQuerySchema,
    ok: { data: Cards, extra: HackathonPageExtra },
    errors: { 400: 'An unknown filter value (the message names it) or a cursor this server did not give out' },
  });
  api.route({
    method: 'get',
    path: '/api/hackathons/featured',
    tag,
    summary: 'Featured hackathons (8 by default), filled with the soonest ones still open for registration',
    auth: 'optional',
    query: FeaturedQuerySchema,
    ok: { data: Cards },
    errors: { 400: 'limit out of range' },
  });
  api.route({ method: 'get', path: '/api/hackathons/my-hackathons', tag, summary: 'The hackathons you created, in every status', auth: 'session', ok: { data: Cards } });
  api.route({ method: 'get', path: '/api/hackathons/user/registered', tag, summary: 'The hackathons you registered for', auth: 'session', ok: { data: Cards } });
  api.route({ method: 'get', path: '/api/users/saved-hackathons', tag, summary: 'The hackathons you saved, last saved first', auth: 'session', ok: { data: Cards } });
  api.route({
    method: 'get',
    path: '/api/hackathons/check-username/{username}',
    tag,
    summary: 'Whether a hackathon username is free (the format rules first)',
    params: z.object({ username: z.string() }),
    ok: { data: UsernameCheckSchema },
  });
  for (const [path, param] of [
    ['/api/hackathons/username/{username}', 'username'],
    ['/api/hackathons/{id}', 'id'],
  ] as const) {
    api.route({
      method: 'get',
      path,
      tag,
      summary: param === 'id' ? 'One hackathon by id (or by username)' : 'One hackathon by username',
      auth: 'optional',
      params: z.object({ [param]: z.string() }),
      ok: { data: HackathonSchema },
      errors: { 403: `${M.notAvailable}: not accepted, and you are not its creator, an admin or a moderator`, 404: M.notFound },
    });
  }
};
