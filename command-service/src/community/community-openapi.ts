import { z } from 'zod';
import type { ApiRegistration } from '@circuit/shared/http/openapi/contract';
import {
  COMMUNITY_MESSAGE_MAX_LENGTH,
  CommunityAdminBody,
  CommunityAdminSchema,
  CommunityMessages as M,
  CommunityMessageSchema,
  CommunityParticipantsSchema,
  EditCommunityMessageBody,
  PostCommunityMessageBody,
} from '@circuit/shared/api/community';
import { DeletedMessageSchema } from '@circuit/shared/api/messaging';

const tag = 'Community chat';
const HackathonId = z.object({ id: z.string().meta({ description: 'The hackathon id (or its username)' }) });
const MessagePath = HackathonId.extend({ messageId: z.string().meta({ description: 'The message id' }) });
const UserPath = HackathonId.extend({ userId: z.string().meta({ description: 'A user id' }) });
const MEMBER = `'${M.notMember}', '${M.removed}'`;

/** community-routes.ts */
export const communityOpenApi: ApiRegistration = (api) => {
  api.tag(tag, [
    'One chat per hackathon, open to its registered participants, the organiser, community admins and platform admins or moderators. The organiser is the first community admin; community admins add and remove admins, remove users (a removed user can neither read nor post, and their sockets leave the room at once) and re-add them.',
    `Messages are 1 to ${COMMUNITY_MESSAGE_MAX_LENGTH} characters after trimming. Posts, edits and deletions reach the sockets in the hackathon's room as \`new_community_message\`, \`community_message_updated\` and \`community_message_deleted\` (see Realtime).`,
  ]);
  api.route({
    method: 'post',
    path: '/api/community/{id}/messages',
    tag,
    summary: 'Post a message (a repeat of the same clientMessageId answers the stored message and stores nothing)',
    auth: 'session',
    params: HackathonId,
    body: PostCommunityMessageBody,
    rateLimited: true,
    ok: { status: 201, data: CommunityMessageSchema, message: M.posted },
    errors: { 400: `'${M.empty}', '${M.tooLong}'`, 403: MEMBER, 404: `'${M.notFound}', '${M.replyMissing}'` },
  });
  api.route({
    method: 'put',
    path: '/api/community/{id}/messages/{messageId}',
    tag,
    summary: 'Edit your message (it is then shown as edited)',
    auth: 'session',
    params: MessagePath,
    body: EditCommunityMessageBody,
    ok: { data: CommunityMessageSchema, message: M.edited },
    errors: { 400: `'${M.empty}', '${M.tooLong}'`, 403: `${MEMBER}, '${M.notAuthorEdit}'`, 404: `'${M.notFound}', '${M.messageNotFound}'` },
  });
  api.route({
    method: 'delete',
    path: '/api/community/{id}/messages/{messageId}',
    tag,
    summary: 'Delete a message: your own, or any as a community admin',
    auth: 'session',
    params: MessagePath,
    ok: { data: DeletedMessageSchema, message: M.deleted },
    errors: { 403: `${MEMBER}, '${M.notAuthorDelete}'`, 404: `'${M.notFound}', '${M.messageNotFound}'` },
  });
  api.route({
    method: 'post',
    path: '/api/community/{id}/admins',
    tag,
    summary: 'Make a registered participant a community admin (community admins only)',
    auth: 'session',
    params: HackathonId,
    body: CommunityAdminBody,
    ok: { data: z.array(CommunityAdminSchema), message: M.adminAdded },
    errors: { 400: `'${M.adminMustBeParticipant}'`, 403: M.notModerator, 404: M.notFound, 409: `'${M.alreadyAdmin}', '${M.organiserAlwaysAdmin}'` },
  });
  api.route({
    method: 'delete',
    path: '/api/community/{id}/admins/{userId}',
    tag,
    summary: 'Take away a community admin role (never the organiser’s)',
    auth: 'session',
    params: UserPath,
    ok: { data: z.array(CommunityAdminSchema), message: M.adminRemoved },
    errors: { 403: M.notModerator, 404: `'${M.notFound}', '${M.notAdmin}'`, 409: M.organiserAlwaysAdmin },
  });
  api.route({
    method: 'delete',
    path: '/api/community/{id}/users/{userId}',
    tag,
    summary: 'Remove a participant from the community (community admins only)',
    auth: 'session',
    params: UserPath,
    ok: { data: CommunityParticipantsSchema, message: M.userRemoved },
    errors: {
      400: M.removeSelf,
      403: M.notModerator,
      404: `'${M.notFound}', '${M.userNotFound}'`,
      409: `'${M.organiserCannotBeRemoved}', '${M.removeAdminFirst}', '${M.alreadyRemoved}'`,
    },
  });
  api.route({
    method: 'post',
    path: '/api/community/{id}/users/{userId}/re-add',
    tag,
    summary: 'Re-add a removed user (community admins only)',
    auth: 'session',
    params: UserPath,
    ok: { data: CommunityParticipantsSchema, message: M.userReAdded },
    errors: { 403: M.notModerator, 404: M.notFound, 409: M.notRemoved },
  });
};
