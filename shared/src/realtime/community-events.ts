/**
 * The community rooms' socket events beside the CommunityMessage (the web app imports these types).
 * - community_error: a join or leave of a room the user may not be in, with the reason to show.
 * - community_removed: the user was removed from that community; their sockets left its room.
 */
export interface CommunityErrorEvent {
  hackathonId: string;
  message: string;
}

/** The acknowledgement of join_community and leave_community. */
export type CommunityJoinAnswer = { ok: true; hackathonId: string } | { ok: false; message: string };
