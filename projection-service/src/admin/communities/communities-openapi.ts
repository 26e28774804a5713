import { z } from 'zod';
import type { ApiRegistration } from '@circuit/shared/http/openapi/contract';
import { AdminCommunityDetailSchema, AdminCommunitySchema } from '@circuit/shared/api/admin-communities';
import { ListParams, listOk } from '../admin-openapi';

const tag = 'Admin (ra-data-simple-rest)';
const STAFF = { 401: 'Not signed in (or the account is gone)', 403: 'Not a moderator or admin, or deactivated' };

export const communitiesAdminOpenApi: ApiRegistration = (api) => {
  api.route({
    method: 'get',
    path: '/api/admin/communities',
    tag,
    summary: 'Every hackathon’s community with its counts, busiest first',
    description: 'Sortable by title, messages, createdAt. Filters: `q` (in the title), `id` (one or a list: getMany).',
    auth: 'session',
    query: ListParams,
    ok: listOk(AdminCommunitySchema, '`communities 0-24/12`'),
    errors: { 400: 'A parameter is not the JSON the dialect expects, or names an unknown field or filter', ...STAFF },
  });
  api.route({
    method: 'get',
    path: '/api/admin/communities/{id}',
    tag,
    summary: 'One community: newest messages, admins, removed users, participants',
    auth: 'session',
    params: z.object({ id: z.string() }),
    ok: { status: 200, description: 'The record', contentType: 'application/json', schema: AdminCommunityDetailSchema },
    errors: { ...STAFF, 404: 'Hackathon not found' },
  });
};
