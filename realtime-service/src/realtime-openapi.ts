import type { ApiRegistration } from '@circuit/shared/http/openapi/contract';

/**
 * The realtime channel is Socket.IO, not HTTP: OpenAPI has no paths for it, so it is described
 * in its own tag of the same document (realtime-service.ts implements it).
 */
export const realtimeOpenApi: ApiRegistration = (api) => {
  api.tag(
    'Realtime (Socket.IO)',
    `Connect with the session cookie (no token), path \`/socket.io/\`, from an allowed Origin. A socket without a session is refused with \`Not authenticated\`; on connect (and every reconnect) it joins the room named by the user's id.

| direction | event | payload |
|---|---|---|
| client -> server | \`join\` | user id (the server uses the session's) |
| client -> server | \`ping\` | optional acknowledgement, answered \`pong\` |
| client -> server | \`private_message\` | \`{ from, to, message, replyTo: { _id, message, from } \\| null, clientMessageId? }\` (\`from\` is ignored: the session's user sends; \`clientMessageId\`, a UUID the tab keeps across its retries, makes a re-send store and deliver one message) |
| client -> server | \`refresh_unread_counts\` | user id |
| client -> server | \`check_online\` | user id, acknowledgement \`(online: boolean)\` |
| client -> server | \`join_community\` | hackathon id (or username), optional acknowledgement \`{ ok: true, hackathonId } \\| { ok: false, message }\`; joins the hackathon's community room when the user is a member (registered, the organiser, a community admin, a platform admin or moderator) and not removed, else \`community_error\` |
| client -> server | \`leave_community\` | hackathon id, optional acknowledgement; \`community_error\` when the socket is not in that room |
| client -> server | \`join_quiz\` / \`leave_quiz\` | quiz id, optional acknowledgement \`{ ok }\`; joins an accepted quiz's leaderboard room |
| client -> server | \`check-in:watch\` | \`{ kind, listingId }\`, optional acknowledgement \`{ ok: true } \\| { ok: false, message }\`; joins the listing's check-in room when the user may check people in there (its organiser, an admin, a co-host), then gets the counts at once |
| server -> client | \`private_message\` | a ChatMessage, to receiver and sender |
| server -> client | \`message_deleted\` | message id, to both sides |
| server -> client | \`message_error\` | the reason as text |
| server -> client | \`payload_refused\` | \`{ event, message }\`: an event whose payload carries text the database cannot store (a NUL character, broken Unicode) was refused at once with the text of the HTTP 400, and nothing was done; a \`private_message\` hears it on \`message_error\` too, \`join_community\` / \`leave_community\` on \`community_error\`, an acknowledgement gets \`{ ok: false, message }\` (\`check_online\`: \`false\`) |
| server -> client | \`unread_count_update\` | \`{ unreadCounts: { [senderId]: n }, total }\` |
| server -> client | \`new_notification\` | a Notification |
| server -> client | \`new_community_message\` | a CommunityMessage, to the hackathon's room |
| server -> client | \`community_message_updated\` | the edited CommunityMessage (\`edited: true\`), to the room |
| server -> client | \`community_message_deleted\` | message id, to the room |
| server -> client | \`community_error\` | \`{ hackathonId, message }\`: a community event refused (not a member, removed, not in the room) |
| server -> client | \`community_removed\` | \`{ hackathonId, message }\`: you were removed from that community, or may no longer read it (unregistered, no longer an admin); your sockets left its room |
| server -> client | \`check-in:counts\` | \`{ kind, listingId, registered, checkedIn }\`: a listing's check-in counts, after every check-in and undo, to its check-in room |
| server -> client | \`quiz_leaderboard_updated\` | \`{ quizId }\`: the quiz's leaderboard changed (a submission, an attempt closed by the server, a re-grade); at most one a second per quiz |
| server -> client | \`user_online\` / \`user_offline\` | user id, to that user's connections only |

How a message travels: the realtime service publishes a send request on the bus; the command service decides (the two must be connected, no block either way, 1 to 1000 characters after trimming, a replied message must exist in the same conversation), appends \`MessageSent\` (its id is the message id, so a repeated request stores it once) and waits for the read models; then the sender's instance emits \`private_message\` to both users' rooms (through the Redis adapter when \`REDIS_URL\` is set), or \`message_error\` to the sender. A message is stored before anyone sees it.

Community chat: posts, edits and deletions are HTTP writes (see Community chat); once stored and in the read models, the command service publishes them on the bus (one topic, \`community.changed\`, so they keep their order) and every realtime instance emits them to its own sockets in the room \`community:<hackathonId>\`. Membership is read from the read models on every \`join_community\`; a removal makes the removed user's sockets leave the room before the removal request answers, so nothing posted after it reaches them.`,
  );
};
