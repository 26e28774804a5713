import { z } from 'zod';

/**
 * The community chat of a hackathon (spec 2, "Community chat").
 *
 * - `community-<hackathonId>`: who moderates and who was removed, decided with the expected
 *   revision (community-decider.ts): the organiser is always the first community admin, others
 *   are added and removed by a community admin; a removed user is re-added by one.
 * - `community-message-<messageId>`: one stream per message (posted, edited, deleted), so an edit
 *   or a delete is decided on the message's own history; a post appends to a stream that must not
 *   exist yet, and the message id derives from the client's id, so a repeated post stores it once.
 */
const at = { hackathonId: z.string(), at: z.string() };
const byUser = { ...at, userId: z.string(), byUserId: z.string() };

/** What a reply keeps of the message it answers (its text cut to COMMUNITY_REPLY_SNIPPET_LENGTH). */
export const CommunityReplyRefSchema = z.object({ _id: z.string(), message: z.string(), userId: z.string() });

export const CommunityEventSchemas = {
  CommunityMessagePosted: z.object({ ...at, messageId: z.string(), userId: z.string(), message: z.string(), replyTo: CommunityReplyRefSchema.nullable() }),
  CommunityMessageEdited: z.object({ ...at, messageId: z.string(), userId: z.string(), message: z.string() }),
  /** By the author, or by a community admin (`byUserId`). */
  CommunityMessageDeleted: z.object({ ...at, messageId: z.string(), byUserId: z.string() }),
  CommunityAdminAdded: z.object(byUser),
  CommunityAdminRemoved: z.object(byUser),
  CommunityUserRemoved: z.object(byUser),
  CommunityUserReAdded: z.object(byUser),
} as const;

export const communityStream = (hackathonId: string) => `community-${hackathonId}`;
export const communityMessageStream = (messageId: string) => `community-message-${messageId}`;
export const COMMUNITY_EVENT_TYPES = Object.keys(CommunityEventSchemas) as (keyof typeof CommunityEventSchemas)[];

/** The Socket.IO room of one hackathon's community. */
export const communityRoom = (hackathonId: string) => `community:${hackathonId}`;

/**
 * The bus topic of community changes, command service -> realtime service (each instance hands
 * them to its own sockets). One topic for every kind, so the realtime service hears them in the
 * order they were published on every bus (a Kafka topic keeps order, two topics would not): a
 * removal is handled before anything posted after it.
 */
export const COMMUNITY_TOPIC = 'community.changed';

export type CommunityChange =
  /** `message`: a CommunityMessage, to the room. */
  | { kind: 'posted'; hackathonId: string; message: unknown }
  | { kind: 'updated'; hackathonId: string; message: unknown }
  | { kind: 'deleted'; hackathonId: string; messageId: string }
  /** The user's sockets leave the room at once. */
  | { kind: 'userRemoved'; hackathonId: string; userId: string }
  /** The user's standing changed otherwise (unregistered, no longer an admin): their sockets leave the room if they may no longer read it. */
  | { kind: 'recheck'; hackathonId: string; userId: string };
