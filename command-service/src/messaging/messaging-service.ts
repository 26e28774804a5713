import crypto from 'node:crypto';
import { conversationStream, MessagingEventSchemas } from '@circuit/shared/events/messaging';
import { toNewEvents, type CommandContext } from '@circuit/shared/commands/decider';
import type { CommandServiceDeps } from '../context';
import { caughtUp } from '../http/read-your-writes';
import { decideConversation, type ConversationCommand } from './conversation-decider';
import { chatMessageId } from '@circuit/shared/messaging/message-id';
import { loadFresh } from '@circuit/shared/commands/fresh-states';
import { appended } from '@circuit/shared/commands/appended';
import { relationshipStream } from '@circuit/shared/events/social';
import type { EventStore } from '@circuit/shared/ports/event-store';
import { hasAccount } from '../accounts/actors';
import { relationshipDecider } from '../social/relationship-decider';
import { conversationFacts, liveMessage } from './conversation-facts';

export interface PairFacts {
  recipientExists: boolean;
  connected: boolean;
  blocked: boolean;
}

/**
 * What a send decides on, from the streams that hold it: the recipient's account, and the pair's
 * relationship stream (connected, blocked either way). Both folds stay in memory per stream
 * (loadFresh), so a busy chat reads only what was appended since.
 */
export async function pairFacts(store: EventStore, from: string, to: string): Promise<PairFacts> {
  const [recipientExists, relationship] = await Promise.all([hasAccount(store, to), loadFresh(store, relationshipStream(from, to), relationshipDecider)]);
  return { recipientExists, connected: relationship.connected, blocked: relationship.blockers.length > 0 };
}

export interface ChatMessageView {
  _id: string;
  from: string;
  to: string;
  message: string;
  createdAt: string;
  replyTo: { _id: string; message: string; from: string } | null;
  /** The sender's own id for the message, echoed so its tabs match the copy to what they show. */
  clientMessageId?: string;
}

/**
 * Private messages. A message is appended to the pair's conversation stream before anyone is
 * told of it; sends append without the revision check (a send never depends on the others'
 * order) and with the message id as event id, so a repeated request stores it once. A client
 * names each message (`clientMessageId`, kept across its retries); the message id derives from it.
 */
export function createMessagingService(deps: CommandServiceDeps) {
  const now = deps.now ?? (() => new Date());

  /**
   * The pair a message was sent between: a deletion names only the message, and its conversation's
   * stream is named by the pair. The query side, which lists every message, says which conversation
   * to look in (as the deletion always found it); whether the message is there, live and the
   * deleter's own is then decided on that conversation's stream. An index of the write side's own
   * would cost a write for every message sent, to serve the rare deletion.
   */
  async function pairOf(messageId: string): Promise<{ from: string; to: string } | undefined> {
    const shown = await deps.queries.chatMessage(messageId);
    return shown && shown !== 'deleted' ? { from: shown.from, to: shown.to } : undefined;
  }

  /** Appends the conversation's events; `readYourWrites: false` answers once they are stored, before the read models include them. */
  async function append(a: string, b: string, command: ConversationCommand, ctx: CommandContext, eventId?: string, readYourWrites = true) {
    const events = decideConversation(command);
    const newEvents = toNewEvents(events, ctx, now().toISOString()).map((e) => (eventId ? { ...e, id: eventId } : e));
    const { position, alreadyStored, nextRevision } = await deps.store.append(conversationStream(a, b), newEvents, 'any');
    // What this process knew of the conversation (conversation-facts.ts) is read again next time.
    appended(deps.store, conversationStream(a, b));
    // A conversation's first message makes a new row in both sides' lists, which their screens
    // fetch when they hear of it: that one waits for the read models whatever was asked.
    const startedConversation = nextRevision < newEvents.length;
    if (readYourWrites || startedConversation) await caughtUp(deps.progress, position, events);
    return { events, position, repeated: alreadyStored === true };
  }

  /** The MessageSent stored under `messageId` at `position` (the first send's, when this one repeated it). */
  async function storedSend(messageId: string, position: bigint) {
    const [event] = await deps.store.readAll(position - 1n, 1);
    if (event?.id !== messageId || event.type !== 'MessageSent') return undefined;
    const data = MessagingEventSchemas.MessageSent.safeParse(event.data);
    return data.success ? data.data : undefined;
  }

  /**
   * Sends a message; `repeated` when a request with the same message id had already stored it
   * (the answer is then the message as first stored).
   */
  async function sendOnce(
    input: { messageId?: string; clientMessageId?: string; from: string; to: string; text: string; replyToId?: string | null },
    ctx: CommandContext,
    { readYourWrites = true }: { readYourWrites?: boolean } = {},
  ): Promise<{ message: ChatMessageView; repeated: boolean; inReadModels: () => Promise<boolean> }> {
    const messageId = input.clientMessageId ? chatMessageId(input.from, input.clientMessageId) : (input.messageId ?? crypto.randomUUID());
    const facts = await pairFacts(deps.store, input.from, input.to);
    let replyTo: { _id: string; message: string; from: string } | null | 'missing' = null;
    if (input.replyToId) {
      // Only a live message of this pair's own conversation can be replied to.
      const replied = await liveMessage(deps.store, input.from, input.to, input.replyToId);
      replyTo = replied ? { _id: input.replyToId, message: replied.message, from: replied.from } : 'missing';
    }
    const { events, position, repeated } = await append(
      input.from,
      input.to,
      { type: 'SendMessage', messageId, from: input.from, to: input.to, text: input.text, ...facts, replyTo, now: now() },
      ctx,
      messageId,
      readYourWrites,
    );
    const inReadModels = () => caughtUp(deps.progress, position, events);
    const [event] = events;
    if (event?.type !== 'MessageSent') throw new Error('send produced no message');
    // A retry answers the message as first stored (its time), not as decided again now. Only a
    // repeat reads it back: a first send stored exactly what was decided.
    const d = (repeated ? await storedSend(messageId, position) : undefined) ?? event.data;
    const view: ChatMessageView = { _id: d.messageId, from: d.from, to: d.to, message: d.message, createdAt: d.at, replyTo: d.replyTo };
    return { message: input.clientMessageId ? { ...view, clientMessageId: input.clientMessageId } : view, repeated, inReadModels };
  }

  return {
    sendOnce,

    async send(
      input: { messageId?: string; clientMessageId?: string; from: string; to: string; text: string; replyToId?: string | null },
      ctx: CommandContext,
    ): Promise<ChatMessageView> {
      return (await sendOnce(input, ctx)).message;
    },

    async remove(messageId: string, by: string, ctx: CommandContext): Promise<{ messageId: string; from: string; to: string }> {
      const pair = await pairOf(messageId);
      const live = pair && (await liveMessage(deps.store, pair.from, pair.to, messageId));
      const message = live ? { from: live.from, to: live.to } : undefined;
      const {
        events: [event],
      } = await append(message?.from ?? by, message?.to ?? by, { type: 'DeleteMessage', messageId, by, message, now: now() }, ctx);
      if (event?.type !== 'MessageDeleted') throw new Error('delete produced no event');
      return { messageId, from: event.data.from, to: event.data.to };
    },

    /** Marks what `from` sent `reader` as read; nothing is recorded when nothing was unread. */
    async markRead(reader: string, from: string, ctx: CommandContext): Promise<boolean> {
      // A message is delivered before the read models include it, and the reader's screen marks it
      // read as soon as it shows it: the answer, and the unread counts the realtime service then
      // reads from the read models, include every message stored so far.
      await caughtUp(deps.progress, await deps.store.headPosition(), [{ type: 'MessageSent' }]);
      // What is unread, from the conversation's own stream.
      if (((await conversationFacts(deps.store, reader, from)).unread[reader] ?? 0) === 0) return false;
      await append(reader, from, { type: 'MarkRead', reader, from, now: now() }, ctx);
      return true;
    },
  };
}
export type MessagingService = ReturnType<typeof createMessagingService>;
