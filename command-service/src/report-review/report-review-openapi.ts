import { z } from 'zod';
import type { ApiRegistration } from '@circuit/shared/http/openapi/contract';
import { ReportNoteSchema } from './report-review-routes';

export const reportReviewOpenApi: ApiRegistration = (api) => {
  for (const [action, status, message] of [
    ['resolve', 'resolved', 'Report resolved'],
    ['dismiss', 'dismissed', 'Report dismissed'],
  ] as const) {
    api.route({
      method: 'post',
      path: `/api/admin/reports/{id}/${action}`,
      tag: 'Admin',
      summary: `${action === 'resolve' ? 'Resolve' : 'Dismiss'} a report with a note (moderators and admins)`,
      auth: 'session',
      params: z.object({ id: z.string() }),
      body: ReportNoteSchema,
      ok: { data: z.object({ id: z.string(), status: z.literal(status) }), message },
      errors: { 400: 'A note is required', 403: 'Not a moderator or admin', 404: 'Report not found', 409: 'This report was already resolved (or dismissed)' },
    });
  }
};
