import { z } from 'zod';
import type { ApiRegistration } from '@circuit/shared/http/openapi/contract';
import { DataExportSchema } from '@circuit/shared/api/data-export';

export const DATA_EXPORT_TAG = 'Your data';

/** export-routes.ts; the latest export's state (GET /api/users/me/data-export) is the projection service's. */
export const dataExportOpenApi: ApiRegistration = (api) => {
  api.tag(DATA_EXPORT_TAG, [
    'A copy of everything a person has on Circuit, as a ZIP of JSON and CSV files with a README.txt: profile, projects, followers, following and connections, registrations and teams, payments, quiz attempts and answers, reviews written, messages and community posts sent, notifications.',
    'It is built in the background, section by section (the progress is in the GET), then e-mailed as a link to the Your data page. It can be downloaded, signed in as its owner, for 24 hours; then its file is deleted. One is built at a time.',
  ]);
  api.route({
    method: 'post',
    path: '/api/users/me/data-export',
    tag: DATA_EXPORT_TAG,
    summary: 'Ask for a copy of your data',
    description: 'Answers the new export, building. With the same Idempotency-Key, a retried request answers the first answer and asks for nothing more.',
    auth: 'session',
    ok: { status: 201, data: DataExportSchema, message: 'We are preparing a copy of your data. We will e-mail you when it is ready.' },
    errors: { 409: 'One is being prepared already: "A copy of your data is already being prepared. You can ask for another once it is ready." (`data.exportId` names it)' },
  });
  api.route({
    method: 'get',
    path: '/api/users/me/data-export/{exportId}/download',
    tag: DATA_EXPORT_TAG,
    summary: 'Download a copy of your data (its owner, for 24 hours)',
    auth: 'session',
    params: z.object({ exportId: z.string().meta({ description: 'The export’s id, from the GET or the POST' }) }),
    ok: { status: 200, description: 'The ZIP, as `circuit-data-<date>.zip`', contentType: 'application/zip', schema: z.string() },
    errors: {
      400: 'An id that no export has: "There is no such copy of your data"',
      404: 'Not one of your exports, one that failed, or one past its 24 hours: "This download has expired: a copy of your data can be downloaded for 24 hours. Ask for a new one on the Your data page."',
      409: 'Still being prepared',
    },
  });
};
