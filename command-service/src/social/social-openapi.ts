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
  api.tag(tag, [
    'Actions take the target user id in the path and answer the relationship from the caller\'s side. Acting on oneself is 400 "Invalid operation"; an unknown target 404 "User not found".',
    'A connection request needs no pending request either way and no connection (409 with a clear text); accept and reject need a request received from that user (409 "No pending connection request from this user"). Accepting connects both ways and makes both follow each other. Removing a connection leaves the follows as they are.',
    'Blocking removes follows, the connection and pending requests both ways; while either blocked the other, every action but unblock (by the blocker) is 403 "You cannot interact with this user". Report is allowed whatever the block state.',
    'Idempotent (200, nothing recorded): follow when already following, unfollow when not following, block when already blocking, unblock when not blocking.',
    'The lists of a user are as public as the profile, newest relationship first; 403 "This profile is not available" when their owner blocked the viewer. The relationship towards oneself answers all false.',
    "Each action answers once the caller's reads include it, the caller's own notifications too (a connection request, acceptance or rejection); the followee's follow notification may arrive a moment after a follow answers.",
  ]);
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
