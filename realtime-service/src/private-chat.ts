import crypto from 'node:crypto';
import type { Server, Socket } from 'socket.io';
import { z } from 'zod';
import type { Logger } from '@circuit/shared/logger';
import type { Bus } from '@circuit/shared/ports/bus';
import { ChatTopics } from '@circuit/shared/events/messaging';
import { chatMessageId } from '@circuit/shared/messaging/message-id';
import { RecentIds } from './recent-ids';
import { sendTurns } from './send-turns';
import { emitTraced } from './traced-emit';

/** A repeat comes within a consumer-group rebalance of the first (seconds); this covers minutes of a busy instance. */
const OUTCOMES_REMEMBERED = 5000;
const OUTCOMES_REMEMBERED_MS = 10 * 60_000;

const PrivateMessage = z.object({
  to: z.string().uuid(),
  message: z.string(),
  replyTo: z.object({ _id: z.string().uuid() }).passthrough().nullable().optional(),
  /** The client's id for the message, kept across its retries: the message is stored once. */
  clientMessageId: z.string().uuid().optional(),
});
const Delivered = z.object({
  _id: z.string(),
  from: z.string(),
  to: z.string(),
  message: z.string(),
  createdAt: z.string(),
  replyTo: z.unknown(),
  clientMessageId: z.string().optional(),
  origin: z.string().optional(),
});
const Deleted = z.object({ messageId: z.string(), from: z.string(), to: z.string() });
const Failed = z.object({ userId: z.string(), error: z.string(), messageId: z.string().optional(), origin: z.string().optional() });

/**
 * Private chat (D12): a socket's `private_message` goes to the command side as a bus message, and
 * its outcome comes back over the bus, `private_message` to the sockets of both people once
 * stored, `message_error` to the sender's when it failed. Deletions arrive the same way.
 */
export function privateChat(io: Server, bus: Bus, instanceId: string) {
  const turns = sendTurns();
  /**
   * The outcomes this instance emitted lately. The command side handles a send request at least
   * once: the one it was handling when its instance died is handled again by the next, and its
   * stored message published again. Sockets get it once.
   */
  const outcomesSent = new RecentIds({ capacity: OUTCOMES_REMEMBERED, ttlMs: OUTCOMES_REMEMBERED_MS });

  function attach(socket: Socket, log: Logger) {
    const userId = socket.data.userId as string;
    socket.on('private_message', (payload: unknown) => {
      const parsed = PrivateMessage.safeParse(payload);
      if (!parsed.success) {
        socket.emit('message_error', 'Message could not be sent: invalid message');
        return;
      }
      // The bus message id is the id the message will be stored under, so every retry is one message.
      const messageId = parsed.data.clientMessageId ? chatMessageId(userId, parsed.data.clientMessageId) : crypto.randomUUID();
      turns
        .sendInTurn(userId, messageId, () => {
          // A client that sends a message again wants its outcome again (the web app's retry waits for it).
          outcomesSent.forget(`delivered:${messageId}`);
          outcomesSent.forget(`failed:${messageId}`);
          return bus.publish(ChatTopics.sendRequested, {
            messageId,
            from: userId,
            to: parsed.data.to,
            message: parsed.data.message,
            replyTo: parsed.data.replyTo ? { _id: parsed.data.replyTo._id } : null,
            clientMessageId: parsed.data.clientMessageId,
            correlationId: socket.id,
            origin: instanceId,
          });
        })
        .catch((err: unknown) => log.error({ err }, 'send failed'));
    });
  }

  /**
   * Every instance hears every bus message. The outcome of a socket's send is broadcast by the
   * instance it came from, through the adapter (Redis) to sockets anywhere; everything else each
   * instance hands to its own sockets only, so nobody receives a message twice.
   */
  const roomsFor = (rooms: string[], origin: string | undefined) =>
    origin === undefined ? io.local.to(rooms) : origin === instanceId ? io.to(rooms) : undefined;

  /** Emits a send's outcome unless this instance emitted it already (a repeat from the command side). */
  const emitOnce = (kind: 'delivered' | 'failed', messageId: string | undefined, emit: () => void) => {
    if (messageId === undefined || outcomesSent.firstTime(`${kind}:${messageId}`)) emit();
  };

  function subscriptions() {
    return [
      bus.subscribe(ChatTopics.delivered, (payload) => {
        const m = Delivered.safeParse(payload);
        if (!m.success) return;
        const { origin, ...message } = m.data;
        turns.settle(message._id);
        const rooms = roomsFor([message.to, message.from], origin);
        if (rooms) emitOnce('delivered', message._id, () => emitTraced('private_message', [message.to, message.from], () => rooms.emit('private_message', message)));
      }),
      bus.subscribe(ChatTopics.deleted, (payload) => {
        const d = Deleted.safeParse(payload);
        if (d.success) emitTraced('message_deleted', [d.data.to, d.data.from], () => roomsFor([d.data.to, d.data.from], undefined)?.emit('message_deleted', d.data.messageId));
      }),
      bus.subscribe(ChatTopics.failed, (payload) => {
        const f = Failed.safeParse(payload);
        if (!f.success) return;
        turns.settle(f.data.messageId);
        const rooms = roomsFor([f.data.userId], f.data.origin);
        if (rooms) emitOnce('failed', f.data.messageId, () => emitTraced('message_error', f.data.userId, () => rooms.emit('message_error', f.data.error)));
      }),
    ];
  }

  return { attach, subscriptions };
}
