import type { Socket } from 'socket.io';
import { unstorableText } from '@circuit/shared/http/reject-nul';
import type { PayloadRefusedEvent } from '@circuit/shared/realtime/socket-errors';
import type { CommunityErrorEvent, CommunityJoinAnswer } from '@circuit/shared/realtime/community-events';

type Ack = (answer: unknown) => void;

/**
 * How each event tells its sender of a refusal besides `payload_refused`, where the web app
 * already listens: a chat message on `message_error` (its conversation marks the message failed),
 * a community room on `community_error` and its acknowledgement. Any other event answers its
 * acknowledgement in the shape that event's acknowledgement has.
 */
type Teller = (socket: Socket, message: string, ack: Ack | undefined) => void;
const tellers = new Map<string, Teller>([
  ['private_message', (socket, message) => socket.emit('message_error', message)],
  ['join_community', tellCommunity],
  ['leave_community', tellCommunity],
  ['check_online', (_socket, _message, ack) => ack?.(false)],
]);
const tellByAck: Teller = (_socket, message, ack) => ack?.({ ok: false, message });

function tellCommunity(socket: Socket, message: string, ack: Ack | undefined) {
  socket.emit('community_error', { hackathonId: '', message } satisfies CommunityErrorEvent);
  ack?.({ ok: false, message } satisfies CommunityJoinAnswer);
}

/**
 * Checks an event's payload at the edge, as every HTTP body is checked (rejectUnstorableText), before
 * any handler runs: text Postgres cannot store never reaches the bus or the event store, where it
 * failed, was retried and held the sender's next message behind it. Answers whether it was refused;
 * the sender is told at once with the text of the HTTP 400.
 */
export function refuseUnstorablePayload(socket: Socket, event: string, args: unknown[]): boolean {
  const message = unstorableText(args);
  if (!message) return false;
  const last = args.at(-1);
  const ack = typeof last === 'function' ? (last as Ack) : undefined;
  socket.emit('payload_refused', { event, message } satisfies PayloadRefusedEvent);
  (tellers.get(event) ?? tellByAck)(socket, message, ack);
  return true;
}
