import { z } from 'zod';
import type { ApiRegistration } from '@circuit/shared/http/openapi/contract';
import { BlockStatusSchema, RelationshipSchema } from '@circuit/shared/api/social';
import { UserSummarySchema } from '@circuit/shared/api/users';

const tag = 'Social graph';
const Target = z.object({ id: z.string().meta({ description: 'A user id' }) });
const Users = z.array(UserSummarySchema);

export const socialQueryOpenApi: ApiRegistration = (api) => {
  api.route({
    method: 'get',
    path: '/api/users/relationship/{id}',
    tag,
    summary: 'Your relationship with a user',
    auth: 'session',
    params: Target,
    ok: { data: RelationshipSchema },
    errors: { 404: 'User not found' },
  });
  api.route({
    method: 'get',
    path: '/api/users/block-status/{id}',
    tag,
    summary: 'Whether you blocked a user, or they you',
    auth: 'session',
    params: Target,
    ok: { data: BlockStatusSchema },
    errors: { 404: 'User not found' },
  });
  for (const [list, summary] of [
    ['followers', "A user's followers"],
    ['following', 'Whom a user follows'],
    ['connections', "A user's connections"],
  ] as const) {
    api.route({
      method: 'get',
      path: `/api/users/${list}/{id}`,
      tag,
      summary: `${summary}, newest first`,
      auth: 'optional',
      params: Target,
      ok: { data: Users },
      errors: { 403: 'This profile is not available (its owner blocked you)', 404: 'User not found' },
    });
  }
  api.route({
    method: 'get',
    path: '/api/users/connections',
    tag,
    summary: 'Your connections, newest first',
    auth: 'session',
    ok: { data: Users },
  });
};
