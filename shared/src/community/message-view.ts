import type { CommunityMessage, CommunityUser } from '../api/community';

/**
 * A community message as it is stored (a `community_messages` row, or a message's own stream folded
 * into the same fields), before its authors are known.
 */
export interface CommunityMessageRow {
  id: string;
  hackathon_id: string;
  user_id: string;
  message: string;
  reply_to: { _id: string; message: string; userId: string } | null;
  created_at: Date | string;
  edited: boolean;
  deleted_at: Date | string | null;
}

/** One message in the API's shape, its authors (the message's, the replied message's) given by id. */
export function toCommunityMessage(r: CommunityMessageRow, userOf: (id: string) => CommunityUser): CommunityMessage {
  return {
    _id: r.id,
    hackathonId: r.hackathon_id,
    message: r.message,
    user: userOf(r.user_id),
    createdAt: new Date(r.created_at).toISOString(),
    edited: Boolean(r.edited),
    replyTo: r.reply_to ? { _id: r.reply_to._id, message: r.reply_to.message, user: userOf(r.reply_to.userId) } : null,
  };
}
