import { z } from 'zod';
import type { ApiRegistration } from '@circuit/shared/http/openapi/contract';
import { HackathonWrittenSchema } from '@circuit/shared/api/hackathons';
import { HackathonFormSchema, HackathonMessages as M, RejectBodySchema } from '@circuit/shared/validation/hackathons';
import { ModerationMessages } from './hackathon-decider';

const tag = 'Hackathons';
const HackathonId = z.object({ id: z.string().meta({ description: 'The hackathon id (a UUID)' }) });
const RULES = 'The first broken rule of spec 2 section 5, in the spec’s order (e.g. ‘Title is required’, ‘End date must be after start date’)';
const Moderated = z.strictObject({ _id: z.string(), id: z.string(), status: z.enum(['accepted', 'rejected']) });
const Saved = z.strictObject({ hackathonId: z.string(), saved: z.boolean() });

/** hackathon-routes.ts: the listing writes and their moderation. */
export const hackathonOpenApi: ApiRegistration = (api) => {
  api.tag(
    tag,
    [
      'A new hackathon is `pending` until a moderator or admin approves it; only accepted hackathons are listed and public (others answer 403 ‘Not Available’ to everyone but their creator, admins and moderators).',
      'The form is the whole listing (`PUT` replaces it); empty numbers count as 0; `description` and `eligibilityCriteria` are HTML, sanitised by the server; the username is locked after creation. The username check is `GET /api/hackathons/check-username/{username}`.',
    ].join('\n\n'),
  );
  api.route({
    method: 'post',
    path: '/api/hackathons',
    tag,
    summary: 'Host a hackathon (pending until reviewed, within 24 to 48 hours)',
    auth: 'session',
    body: HackathonFormSchema,
    ok: { status: 201, data: HackathonWrittenSchema, message: M.created },
    errors: { 400: RULES, 409: M.usernameTaken },
  });
  api.route({
    method: 'put',
    path: '/api/hackathons/{id}',
    tag,
    summary: 'Edit a hackathon (its creator or an admin)',
    auth: 'session',
    params: HackathonId,
    body: HackathonFormSchema,
    ok: { data: HackathonWrittenSchema, message: M.updated },
    errors: { 400: RULES, 403: M.notAuthorizedEdit, 404: M.notFound },
  });
  api.route({
    method: 'delete',
    path: '/api/hackathons/{id}',
    tag,
    summary: 'Delete a hackathon (its creator or an admin); its username becomes free',
    auth: 'session',
    params: HackathonId,
    ok: { data: HackathonWrittenSchema, message: M.deleted },
    errors: { 403: ModerationMessages.notAllowedDelete, 404: M.notFound },
  });
  api.route({
    method: 'post',
    path: '/api/admin/hackathons/{id}/approve',
    tag,
    summary: 'Approve a hackathon: it becomes public (moderators and admins)',
    auth: 'session',
    params: HackathonId,
    ok: { data: Moderated, message: 'Hackathon approved' },
    errors: { 403: ModerationMessages.notStaff, 404: M.notFound, 409: ModerationMessages.approveRejected },
  });
  api.route({
    method: 'post',
    path: '/api/admin/hackathons/{id}/reject',
    tag,
    summary: 'Reject a hackathon with a reason the organiser sees (moderators and admins)',
    auth: 'session',
    params: HackathonId,
    body: RejectBodySchema,
    ok: { data: Moderated, message: 'Hackathon rejected' },
    errors: { 400: 'A reason is required', 403: ModerationMessages.notStaff, 404: M.notFound },
  });
  for (const [method, message, summary] of [
    ['post', 'Hackathon saved', 'Save a hackathon (accepted ones only); saving twice records nothing'],
    ['delete', 'Hackathon removed from saved', 'Remove a hackathon from your saved items'],
  ] as const) {
    api.route({
      method,
      path: '/api/users/save-hackathon/{id}',
      tag,
      summary,
      auth: 'session',
      params: HackathonId,
      ok: { data: Saved, message },
      errors: { 404: M.notFound },
    });
  }
};
