import { z } from 'zod';
import type { ApiRegistration } from '@circuit/shared/http/openapi/contract';
import { AdminCommunityAdminBody } from '@circuit/shared/api/admin-communities';
import { CommunityMessages as M } from '@circuit/shared/api/community';
import { CommunityChangeSchema } from './community-admin-routes';

const tag = 'Admin';
const STAFF = { 401: 'Not signed in', 403: 'Not a moderator or admin' };

export const communityAdminOpenApi: ApiRegistration = (api) => {
  api.route({
    method: 'delete',
    path: '/api/admin/communities/{id}/messages/{messageId}',
    tag,
    summary: 'Delete a message of a hackathon’s community',
    auth: 'session',
    params: z.object({ id: z.string(), messageId: z.string() }),
    ok: { data: z.object({ messageId: z.string() }), message: M.deleted },
    errors: { ...STAFF, 404: M.messageNotFound },
  });
  api.route({
    method: 'post',
    path: '/api/admin/communities/{id}/removed/{userId}/re-add',
    tag,
    summary: 'Re-add a user removed from a hackathon’s community',
    auth: 'session',
    params: z.object({ id: z.string(), userId: z.string() }),
    ok: { data: CommunityChangeSchema, message: M.userReAdded },
    errors: { ...STAFF, 404: 'Hackathon not found', 409: M.notRemoved },
  });
  api.route({
    method: 'post',
    path: '/api/admin/communities/{id}/admins',
    tag,
    summary: 'Make a user (by username) an admin of a hackathon’s community',
    auth: 'session',
    params: z.object({ id: z.string() }),
    body: AdminCommunityAdminBody,
    ok: { data: CommunityChangeSchema, message: M.adminAdded },
    errors: { 400: `'A username is required', '${M.adminMustBeParticipant}'`, ...STAFF, 404: 'No user has this username', 409: `'${M.alreadyAdmin}', '${M.organiserAlwaysAdmin}'` },
  });
  api.route({
    method: 'delete',
    path: '/api/admin/communities/{id}/admins/{userId}',
    tag,
    summary: 'Remove a community admin (never the organiser)',
    auth: 'session',
    params: z.object({ id: z.string(), userId: z.string() }),
    ok: { data: CommunityChangeSchema, message: M.adminRemoved },
    errors: { ...STAFF, 404: M.notAdmin, 409: M.organiserAlwaysAdmin },
  });
};
