import { z } from 'zod';
import type { ApiRegistration } from '@circuit/shared/http/openapi/contract';
import { ModerationItemSchema } from '@circuit/shared/api/admin-moderation';
import { ListParams, listOk } from '../admin-openapi';

const tag = 'Admin (ra-data-simple-rest)';
const STAFF = { 401: 'Not signed in (or the account is gone)', 403: 'Not a moderator or admin, or deactivated' };

export const moderationOpenApi: ApiRegistration = (api) => {
  api.route({
    method: 'get',
    path: '/api/admin/moderation',
    tag,
    summary: 'The moderation queue: pending listings of every kind',
    description:
      'Sortable by submittedAt (default, oldest first), updatedAt, title, type. Filters: `type` (one or a list), `minAgeDays` (waiting at least that many days), `q` (in the title), `id` (getMany). ' +
      'Approve and reject through each record’s `approvePath` and `rejectPath`.',
    auth: 'session',
    query: ListParams,
    ok: listOk(ModerationItemSchema, '`moderation 0-24/3`, or `moderation */3` past the end'),
    errors: { 400: 'A parameter is not the JSON the dialect expects, or names an unknown field or filter', ...STAFF },
  });
  api.route({
    method: 'get',
    path: '/api/admin/moderation/{id}',
    tag,
    summary: 'One pending listing with its preview',
    auth: 'session',
    params: z.object({ id: z.string() }),
    ok: { status: 200, description: 'The record', contentType: 'application/json', schema: ModerationItemSchema },
    errors: { ...STAFF, 404: 'This listing is not waiting for review' },
  });
};
