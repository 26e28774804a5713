import { z } from 'zod';
import { header, type ApiRegistration } from '@circuit/shared/http/openapi/contract';
import { AdminReportSchema } from '@circuit/shared/api/admin-reports';
import { ListParams } from '../admin-openapi';

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
    ok: {
      status: 200,
      description: 'The records of the range',
      contentType: 'application/json',
      schema: z.array(AdminReportSchema),
      headers: {
        'Content-Range': header('`reports 0-24/3`', { required: true }),
        'Access-Control-Expose-Headers': header('`Content-Range`', { required: true }),
      },
    },
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
