import { z } from 'zod';
import type { ApiRegistration } from '@circuit/shared/http/openapi/contract';
import { RoleSchema } from '@circuit/shared/events/accounts';
import { StandingMessages } from './standing-decider';
import { ReasonBodySchema, RoleBodySchema } from './standing-routes';

const tag = 'Admin';
const params = z.object({ id: z.string() });

export const standingOpenApi: ApiRegistration = (api) => {
  api.route({
    method: 'post',
    path: '/api/admin/users/{id}/role',
    tag,
    summary: 'Change a user’s role (moderators and admins; only admins grant admin or touch an admin)',
    auth: 'session',
    params,
    body: RoleBodySchema,
    ok: { data: z.object({ id: z.string(), role: RoleSchema }), message: 'Role changed' },
    errors: { 400: 'Unknown role', 403: StandingMessages.grantAdmin, 404: 'User not found', 422: StandingMessages.ownRole },
  });
  for (const [action, suspended, message] of [
    ['suspend', true, 'User suspended'],
    ['reinstate', false, 'User reinstated'],
  ] as const) {
    api.route({
      method: 'post',
      path: `/api/admin/users/{id}/${action}`,
      tag,
      summary:
        action === 'suspend'
          ? 'Suspend a user with a reason: their sessions and sockets end at once, they cannot sign in, their listings are hidden'
          : 'Reinstate a suspended user with a reason',
      auth: 'session',
      params,
      body: ReasonBodySchema,
      ok: { data: z.object({ id: z.string(), suspended: z.literal(suspended) }), message },
      errors: { 400: 'A reason is required', 403: StandingMessages.touchAdmin, 404: 'User not found', 409: StandingMessages.lastAdmin, 422: StandingMessages.ownSuspension },
    });
  }
};
