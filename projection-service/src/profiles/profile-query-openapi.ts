import { z } from 'zod';
import type { ApiRegistration } from '@circuit/shared/http/openapi/contract';
import { UserViewSchema } from '@circuit/shared/api/users';

const tag = 'Profile';
const ERRORS = { 403: 'Its owner has blocked you', 404: 'User not found' };

export const profileQueryOpenApi: ApiRegistration = (api) => {
  api.route({
    method: 'get',
    path: '/api/users/username/{username}',
    tag,
    summary: 'A profile by username (case-insensitive)',
    auth: 'optional',
    params: z.object({ username: z.string() }),
    ok: { data: UserViewSchema },
    errors: ERRORS,
  });
  api.route({
    method: 'get',
    path: '/api/users/{id}',
    tag,
    summary: 'A profile by id; e-mail and mobile only in your own',
    auth: 'optional',
    params: z.object({ id: z.uuid().meta({ description: 'A user id; other single segments are other routes' }) }),
    ok: { data: UserViewSchema },
    errors: ERRORS,
  });
};
