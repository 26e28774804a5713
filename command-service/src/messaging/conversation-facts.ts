import { loadFresh } from '@circuit/shared/commands/fresh-states';
import { PersistentMap } from '@circuit/shared/commands/persistent-map';
import type { DomainEvent } from '@circuit/shared/events/catalogue';
import { conversationStream } from '@circuit/shared/events/messaging';
import type { EventStore } from '@circuit/shared/ports/event-store';

/**
 * What a conversation's own stream (`conversation-<a>-<b>`) tells of its messages, as a send (the
 * replied message), a deletion (who sent it) and a mark-read (is anything unread) decide with it:
 * a read-only fold (decide is never called), kept in memory per conversation by loadFresh.
 */
export interface StoredMessage {
  from: string;
  to: string;
  message: string;
  at: string;
  replyTo: { _id: string; message: string; from: string } | null;
  deleted: boolean;
  /** 1 for the conversation's first message, and so on. */
  seq: number;
}

export interface ConversationFacts {
  /** Every message ever sent in the conversation, deleted ones marked (a persistent map: a long chat must not be copied per message). */
  messages: PersistentMap<StoredMessage>;
  sent: number;
  /** Per reader, the seq of the last message they had when they last marked the conversation read. */
  readUpTo: Readonly<Record<string, number>>;
  /** Per reader, the messages sent to them after that, not deleted: what the unread count shows. */
  unread: Readonly<Record<string, number>>;
}

type ConversationEvent = DomainEvent<'MessageSent' | 'MessageDeleted' | 'MessagesRead'>;

const conversationFold = {
  initialState: (): ConversationFacts => ({ messages: PersistentMap.empty(), sent: 0, readUpTo: {}, unread: {} }),
  evolve(state: ConversationFacts, event: ConversationEvent): ConversationFacts {
    switch (event.type) {
      case 'MessageSent': {
        const d = event.data;
        // The message id is the event id: the store keeps a message once, so this never repeats.
        const seq = state.sent + 1;
        const stored: StoredMessage = { from: d.from, to: d.to, message: d.message, at: d.at, replyTo: d.replyTo ?? null, deleted: false, seq };
        return { ...state, messages: state.messages.set(d.messageId, stored), sent: seq, unread: { ...state.unread, [d.to]: (state.unread[d.to] ?? 0) + 1 } };
      }
      case 'MessageDeleted': {
        const message = state.messages.get(event.data.messageId);
        if (!message || message.deleted) return state;
        // A message the recipient had not read yet stops counting as unread.
        const wasUnread = message.seq > (state.readUpTo[message.to] ?? 0);
        return {
          ...state,
          messages: state.messages.set(event.data.messageId, { ...message, deleted: true }),
          unread: wasUnread ? { ...state.unread, [message.to]: (state.unread[message.to] ?? 0) - 1 } : state.unread,
        };
      }
      case 'MessagesRead': {
        const { reader } = event.data;
        return { ...state, readUpTo: { ...state.readUpTo, [reader]: state.sent }, unread: { ...state.unread, [reader]: 0 } };
      }
      default:
        return state;
    }
  },
  decide: (): never[] => [],
};

/** The conversation of the pair as its stream tells it now. */
export function conversationFacts(store: EventStore, a: string, b: string): Promise<ConversationFacts> {
  return loadFresh(store, conversationStream(a, b), conversationFold);
}

/** A message of the pair's conversation that is not deleted; undefined when there is none. */
export async function liveMessage(store: EventStore, a: string, b: string, messageId: string): Promise<StoredMessage | undefined> {
  const message = (await conversationFacts(store, a, b)).messages.get(messageId);
  return message && !message.deleted ? message : undefined;
}
