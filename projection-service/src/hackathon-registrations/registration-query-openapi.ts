import { z } from 'zod';
import type { ApiRegistration } from '@circuit/shared/http/openapi/contract';
import { RegistrationStatusSchema, TeamStatusSchema } from '@circuit/shared/api/hackathons';

const tag = 'Hackathon registrations';
const HackathonId = z.object({ id: z.string().meta({ description: 'The hackathon id (or its username)' }) });

/** registration-query-routes.ts */
export const registrationQueryOpenApi: ApiRegistration = (api) => {
  api.route({
    method: 'get',
    path: '/api/hackathons/{id}/registration-status',
    tag,
    summary: 'Whether you are registered, and your payment status (completed, pending or failed)',
    auth: 'session',
    params: HackathonId,
    ok: { data: RegistrationStatusSchema },
    errors: { 404: 'Not a hackathon id' },
  });
  api.route({
    method: 'get',
    path: '/api/hackathons/{id}/teams/me',
    tag,
    summary: 'Your registration and your team (with its members) in this hackathon',
    auth: 'session',
    params: HackathonId,
    ok: { data: TeamStatusSchema },
    errors: { 404: 'Not a hackathon id' },
  });
};
