import { z } from 'zod';
import { header, type ApiRegistration } from '@circuit/shared/http/openapi/contract';
import { AdminUserSchema } from '@circuit/shared/api/admin';
import { MAX_PAGE_SIZE } from './simple-rest';

const tag = 'Admin (ra-data-simple-rest)';
const STAFF = {
  401: 'Not signed in (or the account is gone)',
  403: 'Not a moderator or admin, or deactivated',
};

/**
 * The admin API speaks ra-data-simple-rest (docs/decisions.md#d20-the-admin-api-speaks-ra-data-simple-rest-one-access-table), not the envelope: bare records,
 * JSON-encoded list parameters, and the total in `Content-Range`.
 */
export const ListParams = z.object({
  sort: z.string().optional().meta({ description: 'JSON `["field","ASC"|"DESC"]`', example: '["createdAt","DESC"]' }),
  range: z.string().optional().meta({ description: `JSON \`[start,end]\`, inclusive, at most ${MAX_PAGE_SIZE} records`, example: '[0,24]' }),
  filter: z.string().optional().meta({ description: 'JSON object of filters', example: '{"q":"ada"}' }),
});

/** A list's answer in the dialect: the records of the range, the total in `Content-Range` (e.g. '`users 0-24/319`'). */
export const listOk = (schema: z.ZodType, contentRange: string) => ({
  status: 200 as const,
  description: 'The records of the range',
  contentType: 'application/json',
  schema: z.array(schema),
  headers: {
    'Content-Range': header(contentRange, { required: true }),
    'Access-Control-Expose-Headers': header('`Content-Range`', { required: true }),
  },
});

export const adminOpenApi: ApiRegistration = (api) => {
  api.route({
    method: 'get',
    path: '/api/admin/users',
    tag,
    summary: 'List users',
    description:
      'Sortable by id, username, email, firstName, lastName, role, isEmailVerified, createdAt, lastLogin (never-signed-in last). ' +
      'Filters: `q` (every word in username, e-mail or name), `role` (one or a list), `isEmailVerified`, `id` (one or a list: getMany).',
    auth: 'session',
    query: ListParams,
    ok: listOk(AdminUserSchema, '`users 0-24/319`, or `users */319` past the end'),
    errors: { 400: 'A parameter is not the JSON the dialect expects, or names an unknown field or filter', ...STAFF },
  });
  api.route({
    method: 'get',
    path: '/api/admin/users/{id}',
    tag,
    summary: 'One user',
    auth: 'session',
    params: z.object({ id: z.string() }),
    ok: { status: 200, description: 'The record', contentType: 'application/json', schema: AdminUserSchema },
    errors: { ...STAFF, 404: 'User not found' },
  });
};
