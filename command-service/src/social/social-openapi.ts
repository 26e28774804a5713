import { z } from 'zod';
import type { ApiRegistration } from '@circuit/shared/http/openapi/contract';
import { RelationshipSchema } from '@circuit/shared/api/social';
import { ReportBody } from '@circuit/shared/validation/profile';
import { SOCIAL_ACTIONS } from './social-routes';

const tag = 'Social graph';
const Target = z.object({ id: z.string().meta({ description: 'The other user' }) });
const toOpenApi = (path: string) => path.replace(/:(\w+)/g, '{$1}');

/** Follow, connect, block and report (social-routes.ts): each answers the relationship from the caller's side. */
export const socialOpenApi: ApiRegistration = (api) => {
  for (const { path, action, message } of SOCIAL_ACTIONS) {
    api.route({
      method: 'post',
      path: toOpenApi(path),
      tag,
      summary: `${action.replace(/([a-z])([A-Z])/g, '$1 $2')}`,
      auth: 'session',
      params: Target,
      rateLimited: true,
      ok: { data: RelationshipSchema, message },
      errors: {
        400: 'Yourself as the target',
        403: 'One of you has blocked the other',
        404: 'No such user',
        409: 'Not possible in the current relationship (already connected, no pending request, ...)',
      },
    });
  }
  api.route({
    method: 'post',
    path: '/api/users/report/{id}',
    tag,
    summary: 'Report a user to the moderators',
    auth: 'session',
    params: Target,
    body: ReportBody,
    rateLimited: true,
    ok: { data: RelationshipSchema, message: 'User reported successfully' },
    errors: { 400: 'No reason, or yourself as the target', 404: 'No such user', 409: 'This report was already filed' },
  });
};
