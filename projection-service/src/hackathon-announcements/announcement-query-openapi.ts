import { z } from 'zod';
import type { ApiRegistration } from '@circuit/shared/http/openapi/contract';
import { AnnouncementListSchema, SponsorListSchema } from '@circuit/shared/api/hackathon-announcements';
import { HackathonMessages as M } from '@circuit/shared/validation/hackathons';

export const HackathonRef = z.object({ id: z.string().meta({ description: 'The hackathon id, or its username' }) });
export const errors = { 403: `${M.notAvailable}: not accepted, and you are not its creator, an admin or a moderator`, 404: M.notFound };

/** announcement-query-routes.ts */
export const announcementQueryOpenApi: ApiRegistration = (api) => {
  api.route({
    method: 'get',
    path: '/api/hackathons/{id}/announcements',
    tag: 'Hackathon announcements',
    summary: 'A hackathon’s announcements, newest first (team members’ e-mail addresses only for its creator and admins)',
    auth: 'optional',
    params: HackathonRef,
    ok: { data: AnnouncementListSchema },
    errors,
  });
  api.route({
    method: 'get',
    path: '/api/hackathons/{id}/sponsors',
    tag: 'Hackathon sponsors',
    summary: 'A hackathon’s sponsors in tier order: platinum, gold, silver, bronze, community',
    auth: 'optional',
    params: HackathonRef,
    ok: { data: SponsorListSchema },
    errors,
  });
};
