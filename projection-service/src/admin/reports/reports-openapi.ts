import { z } from 'zod';
import type { ApiRegistration } from '@circuit/shared/http/openapi/contract';
import { AdminReportSchema } from '@circuit/shared/api/admin-reports';
import { ListParams, listOk } from '../admin-openapi';

const tag = 'Admin (ra-data-simple-rest)';
const STAFF = { 401: 'Not signed in (or the account is gone)', 403: 'Not a moderator or admin, or deactivated' };

export const reportsOpenApi: ApiRegistration = (api) => {
  api.route({
    method: 'get',
    path: '/api/admin/reports',
    tag,
    summary: 'The reports queue (Report user), oldest first',
    description: 'Sortable by createdAt, status, handledAt. Filters: `status` (open, resolved, dismissed; one or a list), `targetId`, `id` (getMany).',
    auth: 'session',
    query: ListParams,
    ok: listOk(AdminReportSchema, '`reports 0-24/3`'),
    errors: { 400: 'A parameter is not the JSON the dialect expects, or names an unknown field or filter', ...STAFF },
  });
  api.route({
    method: 'get',
    path: '/api/admin/reports/{id}',
    tag,
    summary: 'One report',
    auth: 'session',
    params: z.object({ id: z.string() }),
    ok: { status: 200, description: 'The record', contentType: 'application/json', schema: AdminReportSchema },
    errors: { ...STAFF, 404: 'Report not found' },
  });
};
