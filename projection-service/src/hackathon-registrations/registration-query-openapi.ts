import { z } from 'zod';
import type { ApiRegistration } from '@circuit/shared/http/openapi/contract';
import { RegistrationStatusSchema, TeamStatusSchema } from '@circuit/shared/api/hackathons';

const tag = 'Hackathon registrations';
const HackathonId = z.object({ id: z.string().meta({ description: 'The hackathon id (or its username)' }) });

/** registration-query-routes.ts */
export const registrationQueryOpenApi: ApiRegistration = (api) => {
  const routes = [
    ['/api/hackathons/{id}/registration-status', 'Whether you are registered, and your payment status (completed, pending or failed)', RegistrationStatusSchema],
    ['/api/hackathons/{id}/teams/me', 'Your registration and your team (with its members) in this hackathon', TeamStatusSchema],
  ] as const;
  for (const [path, summary, data] of routes) api.route({ method: 'get', path, tag, summary, auth: 'session', params: HackathonId, ok: { data }, errors: { 404: 'Not a hackathon id' } });
};
