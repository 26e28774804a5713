import { z } from 'zod';
import { Timestamp } from './users';

/**
 * The community chat of a hackathon (spec 2 section 3 "Community message", section 7
 * "Community"): answer shapes, request bodies, limits and the texts the server answers with.
 * The web app imports these; the OpenAPI document is built from them.
 */

/**
 * Longest community message, in characters. A message crosses the bus to the realtime service
 * with its author and reply; Postgres NOTIFY (the cluster bus) carries under 8000 bytes and a
 * character may take 4 bytes, so the limit is the private chat's.
 */
export const COMMUNITY_MESSAGE_MAX_LENGTH = 1000;
/** What a reply keeps of the replied message's text. */
export const COMMUNITY_REPLY_SNIPPET_LENGTH = 200;
/** Messages per page (spec 2 section 9: the chat loads 100 messages). */
export const COMMUNITY_PAGE_SIZE = 100;
/** How long a jumped-to reply target stays highlighted (spec 2 section 9). */
export const COMMUNITY_REPLY_HIGHLIGHT_MS = 2000;

export const CommunityMessages = {
  notFound: 'Hackathon not found',
  notMember: 'Only registered participants can join this community chat. Register for the hackathon to chat here.',
  removed: 'You were removed from this community chat by its admins',
  notModerator: 'Only community admins can do this',
  empty: 'Message cannot be empty',
  tooLong: `Message cannot exceed ${COMMUNITY_MESSAGE_MAX_LENGTH} characters`,
  messageNotFound: 'Message not found',
  replyMissing: 'The message you replied to no longer exists',
  notAuthorEdit: 'You can only edit your own messages',
  notAuthorDelete: 'You can only delete your own messages',
  userNotFound: 'This user is not a participant of this community',
  adminMustBeParticipant: 'Only registered participants can be community admins',
  alreadyAdmin: 'This user is already a community admin',
  notAdmin: 'This user is not a community admin',
  organiserAlwaysAdmin: 'The organiser is always a community admin',
  organiserCannotBeRemoved: 'The organiser cannot be removed from the community',
  removeAdminFirst: 'Remove their admin role before removing them from the community',
  removeSelf: 'You cannot remove yourself from the community',
  alreadyRemoved: 'This user has already been removed',
  notRemoved: 'This user has not been removed',
  posted: 'Message sent',
  edited: 'Message updated',
  deleted: 'Message deleted',
  adminAdded: 'Community admin added',
  adminRemoved: 'Community admin removed',
  userRemoved: 'User removed from the community',
  userReAdded: 'User re-added to the community',
} as const;

export const CommunityUserSchema = z
  .strictObject({ _id: z.string(), firstName: z.string(), lastName: z.string(), username: z.string(), profilePicture: z.string().nullable() })
  .meta({ id: 'CommunityUser' });
export type CommunityUser = z.infer<typeof CommunityUserSchema>;

export const CommunityReplySchema = z
  .strictObject({
    _id: z.string(),
    message: z.string().meta({ description: `The replied message's text when replied to (at most ${COMMUNITY_REPLY_SNIPPET_LENGTH} characters)` }),
    user: CommunityUserSchema,
  })
  .meta({ id: 'CommunityReply' });
export type CommunityReply = z.infer<typeof CommunityReplySchema>;

export const CommunityMessageSchema = z
  .strictObject({
    _id: z.string(),
    hackathonId: z.string(),
    message: z.string(),
    user: CommunityUserSchema,
    createdAt: Timestamp,
    edited: z.boolean(),
    replyTo: CommunityReplySchema.nullable(),
    /** On the answer to one's own post: the id the tab gave it, kept across its retries. */
    clientMessageId: z.string().uuid().optional(),
  })
  .meta({ id: 'CommunityMessage' });
export type CommunityMessage = z.infer<typeof CommunityMessageSchema>;

export const CommunityAdminSchema = z
  .strictObject({ user: CommunityUserSchema, role: z.enum(['organiser', 'admin']) })
  .meta({ id: 'CommunityAdmin' });
export type CommunityAdmin = z.infer<typeof CommunityAdminSchema>;

export const CommunityParticipantSchema = z
  .strictObject({ user: CommunityUserSchema, isAdmin: z.boolean(), registeredAt: Timestamp })
  .meta({ id: 'CommunityParticipant' });
export type CommunityParticipant = z.infer<typeof CommunityParticipantSchema>;

export const RemovedCommunityUserSchema = z
  .strictObject({ user: CommunityUserSchema, removedAt: Timestamp, removedBy: z.string() })
  .meta({ id: 'RemovedCommunityUser' });
export type RemovedCommunityUser = z.infer<typeof RemovedCommunityUserSchema>;

export const CommunityStatsSchema = z
  .strictObject({ participants: z.number().int(), admins: z.number().int(), removed: z.number().int(), messages: z.number().int() })
  .meta({ id: 'CommunityStats' });
export type CommunityStats = z.infer<typeof CommunityStatsSchema>;

export const CommunityParticipantsSchema = z
  .strictObject({
    participants: z.array(CommunityParticipantSchema).meta({ description: 'Registered participants who were not removed' }),
    admins: z.array(CommunityAdminSchema),
    removed: z.array(RemovedCommunityUserSchema).meta({ description: 'Only for community admins; empty for everyone else' }),
    stats: CommunityStatsSchema,
    canModerate: z.boolean(),
  })
  .meta({ id: 'CommunityParticipants' });
export type CommunityParticipants = z.infer<typeof CommunityParticipantsSchema>;

/** The extra fields of a messages page, beside `data`. */
export const CommunityPageExtra = {
  pagination: z.strictObject({ page: z.number().int(), limit: z.number().int(), total: z.number().int(), hasMore: z.boolean() }),
  canModerate: z.boolean().meta({ description: 'Whether the reader is a community admin (the organiser, an added admin, or a platform admin or moderator)' }),
};
export interface CommunityPage {
  data: CommunityMessage[];
  pagination: { page: number; limit: number; total: number; hasMore: boolean };
  canModerate: boolean;
}

const Text = z
  .string({ error: CommunityMessages.empty })
  .trim()
  .min(1, CommunityMessages.empty)
  .max(COMMUNITY_MESSAGE_MAX_LENGTH, CommunityMessages.tooLong);
/** A message's text as stored: trimmed, 1 to COMMUNITY_MESSAGE_MAX_LENGTH characters. */
export const CommunityMessageText = Text;

export const CommunityMessagesQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(COMMUNITY_PAGE_SIZE).default(COMMUNITY_PAGE_SIZE),
  search: z.string().trim().max(100).optional().meta({ description: 'Only messages whose text, author name or author username contains this (case-insensitive)' }),
});

export const PostCommunityMessageBody = z.object({
  message: z.string({ error: CommunityMessages.empty }).meta({ description: `1 to ${COMMUNITY_MESSAGE_MAX_LENGTH} characters after trimming` }),
  replyTo: z.string().max(100).nullable().optional().meta({ description: 'The id of the message this one answers' }),
  clientMessageId: z.string().uuid().optional().meta({ description: "The tab's id for this message, the same on every retry: the message is stored once" }),
});
export const EditCommunityMessageBody = z.object({ message: z.string({ error: CommunityMessages.empty }) });
export const CommunityAdminBody = z.object({ userId: z.string({ error: 'userId is required' }).min(1, 'userId is required').max(100) });
