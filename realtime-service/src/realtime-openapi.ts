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
| server -> client | \`private_message\` | a ChatMessage, to receiver and sender |
| server -> client | \`message_deleted\` | message id, to both sides |
| server -> client | \`message_error\` | the reason as text |
| server -> client | \`unread_count_update\` | \`{ unreadCounts: { [senderId]: n }, total }\` |
| server -> client | \`new_notification\` | a Notification |
| server -> client | \`user_online\` / \`user_offline\` | user id, to that user's connections only |

How a message travels: the realtime service publishes a send request on the bus; the command service decides (the two must be connected, no block either way, 1 to 1000 characters after trimming, a replied message must exist in the same conversation), appends \`MessageSent\` (its id is the message id, so a repeated request stores it once) and waits for the read models; then the sender's instance emits \`private_message\` to both users' rooms (through the Redis adapter when \`REDIS_URL\` is set), or \`message_error\` to the sender. A message is stored before anyone sees it.`,
  );
};
