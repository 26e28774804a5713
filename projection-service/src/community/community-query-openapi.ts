import { z } from 'zod';
import type { ApiRegistration } from '@circuit/shared/http/openapi/contract';
import { CommunityAdminSchema, CommunityMessageSchema, CommunityMessagesQuery, CommunityPageExtra, CommunityParticipantsSchema } from '@circuit/shared/api/community';

const tag = 'Community chat';
const HackathonId = z.object({ id: z.string().meta({ description: 'The hackathon id (or its username)' }) });
const MEMBERS = 'Only for members of the community: registered participants, the organiser, community admins and platform admins or moderators; a removed user is refused until re-added.';
const errors = { 403: 'Not a member of this community, or removed from it', 404: 'Hackathon not found' } as const;

/** community-query-routes.ts */
export const communityQueryOpenApi: ApiRegistration = (api) => {
  api.route({
    method: 'get',
    path: '/api/community/{id}/messages',
    tag,
    summary: 'A page of the community chat: page 1 the newest, oldest first within a page',
    description: MEMBERS,
    auth: 'session',
    params: HackathonId,
    query: CommunityMessagesQuery,
    ok: { data: z.array(CommunityMessageSchema), extra: CommunityPageExtra },
    errors: { 400: 'Invalid page, limit or search', ...errors },
  });
  api.route({
    method: 'get',
    path: '/api/community/{id}/admins',
    tag,
    summary: 'The community admins, the organiser first',
    description: MEMBERS,
    auth: 'session',
    params: HackathonId,
    ok: { data: z.array(CommunityAdminSchema) },
    errors,
  });
  api.route({
    method: 'get',
    path: '/api/community/{id}/participants',
    tag,
    summary: 'Active participants, admins, removed users (admins only) and counts',
    description: MEMBERS,
    auth: 'session',
    params: HackathonId,
    ok: { data: CommunityParticipantsSchema },
    errors,
  });
};
