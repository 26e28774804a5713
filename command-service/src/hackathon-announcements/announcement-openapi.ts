import { z } from 'zod';
import type { ApiRegistration } from '@circuit/shared/http/openapi/contract';
import { AnnouncementDeletedSchema, AnnouncementWrittenSchema, SponsorDeletedSchema, SponsorWrittenSchema } from '@circuit/shared/api/hackathon-announcements';
import { AnnouncementFormSchema, AnnouncementMessages as M, SponsorFormSchema } from '@circuit/shared/validation/hackathon-announcements';
import { HackathonMessages } from '@circuit/shared/validation/hackathons';

const announcementsTag = 'Hackathon announcements';
const sponsorsTag = 'Hackathon sponsors';
const id = z.string().meta({ description: 'The hackathon id, or its username' });
const HackathonRef = z.object({ id });
const AnnouncementRef = z.object({ id, announcementId: z.string() });
const SponsorRef = z.object({ id, sponsorId: z.string() });
const ANNOUNCEMENT_RULES = `${M.titleContentRequired}; ${M.winnerRequired}; ${M.awardRequired}; a link that is not http(s)`;
const SPONSOR_RULES = `${M.sponsorNameRequired}; an unknown tier; a logo that is neither an upload nor an http(s) link`;

/** announcement-routes.ts */
export const announcementOpenApi: ApiRegistration = (api) => {
  api.tag(
    announcementsTag,
    'News of a hackathon from its organisers: `general`, `important` or `results` (winners by rank, special awards). ' +
      'Only the hackathon’s creator and admins post, edit and delete (403 for anyone else). `content` is HTML, sanitised by the server. ' +
      'Every registered participant is notified of a new announcement (live and in their notifications); an `important` one is e-mailed too.',
  );
  api.tag(sponsorsTag, 'Sponsors by tier (platinum, gold, silver, bronze, community), managed by the hackathon’s creator and admins. The logo is uploaded first with `POST /api/upload/image`.');
  api.route({
    method: 'post',
    path: '/api/hackathons/{id}/announcements',
    tag: announcementsTag,
    summary: 'Post an announcement',
    auth: 'session',
    params: HackathonRef,
    body: AnnouncementFormSchema,
    ok: { status: 201, data: AnnouncementWrittenSchema, message: M.posted },
    errors: { 400: ANNOUNCEMENT_RULES, 403: M.notAuthorized, 404: HackathonMessages.notFound },
  });
  api.route({
    method: 'put',
    path: '/api/hackathons/{id}/announcements/{announcementId}',
    tag: announcementsTag,
    summary: 'Edit an announcement (the whole announcement)',
    auth: 'session',
    params: AnnouncementRef,
    body: AnnouncementFormSchema,
    ok: { data: AnnouncementWrittenSchema, message: M.updated },
    errors: { 400: ANNOUNCEMENT_RULES, 403: M.notAuthorized, 404: `${M.notFound}; ${HackathonMessages.notFound}` },
  });
  api.route({
    method: 'delete',
    path: '/api/hackathons/{id}/announcements/{announcementId}',
    tag: announcementsTag,
    summary: 'Delete an announcement',
    auth: 'session',
    params: AnnouncementRef,
    ok: { data: AnnouncementDeletedSchema, message: M.deleted },
    errors: { 403: M.notAuthorized, 404: `${M.notFound}; ${HackathonMessages.notFound}` },
  });
  api.route({
    method: 'post',
    path: '/api/hackathons/{id}/sponsors',
    tag: sponsorsTag,
    summary: 'Add a sponsor',
    auth: 'session',
    params: HackathonRef,
    body: SponsorFormSchema,
    ok: { status: 201, data: SponsorWrittenSchema, message: M.sponsorAdded },
    errors: { 400: SPONSOR_RULES, 403: M.sponsorsNotAuthorized, 404: HackathonMessages.notFound },
  });
  api.route({
    method: 'put',
    path: '/api/hackathons/{id}/sponsors/{sponsorId}',
    tag: sponsorsTag,
    summary: 'Edit a sponsor',
    auth: 'session',
    params: SponsorRef,
    body: SponsorFormSchema,
    ok: { data: SponsorWrittenSchema, message: M.sponsorUpdated },
    errors: { 400: SPONSOR_RULES, 403: M.sponsorsNotAuthorized, 404: `${M.sponsorNotFound}; ${HackathonMessages.notFound}` },
  });
  api.route({
    method: 'delete',
    path: '/api/hackathons/{id}/sponsors/{sponsorId}',
    tag: sponsorsTag,
    summary: 'Remove a sponsor',
    auth: 'session',
    params: SponsorRef,
    ok: { data: SponsorDeletedSchema, message: M.sponsorDeleted },
    errors: { 403: M.sponsorsNotAuthorized, 404: `${M.sponsorNotFound}; ${HackathonMessages.notFound}` },
  });
};
