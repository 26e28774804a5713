import type { ApiRegistration } from '@circuit/shared/http/openapi/contract';
import { DataExportAnswerSchema } from '@circuit/shared/api/data-export';

/** data-export-query-routes.ts; the tag is described with the writes (command-service/src/data-export/export-openapi.ts). */
export const dataExportQueryOpenApi: ApiRegistration = (api) => {
  api.route({
    method: 'get',
    path: '/api/users/me/data-export',
    tag: 'Your data',
    summary: 'Your latest copy of your data: building (with progress), ready (with its download link until it expires), expired or failed',
    description: '`export` is null until you first ask for one. `done` of `total` sections are built. `downloadUrl` is given only while it is ready and its 24 hours, by the server’s clock, are not over.',
    auth: 'session',
    ok: { data: DataExportAnswerSchema },
  });
};
