import type { ChatMessage, DisplayMessage, LocalMessage } from './types';

/**
 * One open conversation: the server's messages (oldest first, by time) and this tab's own messages
 * that the server has not confirmed yet. A pure reducer, so the rules of the optimistic send are plain
 * to test:
 * - a sent message shows at once (pending);
 * - the server's copy (private_message, sent to the sender's tabs too) replaces the local message
 *   it names by client message id (else the oldest with the same recipient and text); any copy
 *   already held (same _id) is dropped, and still takes its local message away (a retry's copy);
 * - message_error marks the oldest pending message failed; it can be retried or discarded;
 * - message_deleted removes the message.
 */
export interface ConversationState {
  partnerId: string | null;
  status: 'idle' | 'loading' | 'ready' | 'error';
  error: string | null;
  confirmed: ChatMessage[];
  local: LocalMessage[];
  hasMore: boolean;
}

export type ConversationAction =
  | { type: 'reset'; partnerId: string | null }
  | { type: 'loaded'; messages: ChatMessage[]; hasMore: boolean }
  | { type: 'loadFailed'; error: string }
  | { type: 'olderLoaded'; messages: ChatMessage[]; hasMore: boolean }
  | { type: 'merged'; messages: ChatMessage[]; me: string }
  | { type: 'received'; message: ChatMessage; me: string }
  | { type: 'sent'; message: LocalMessage }
  | { type: 'sendFailed'; localId?: string }
  | { type: 'retried'; localId: string }
  | { type: 'discarded'; localId: string }
  | { type: 'deleted'; messageId: string };

export const initialConversation = (partnerId: string | null = null): ConversationState => ({
  partnerId,
  status: partnerId ? 'loading' : 'idle',
  error: null,
  confirmed: [],
  local: [],
  hasMore: false,
});

const timeOf = (message: ChatMessage) => {
  const t = Date.parse(message.createdAt);
  return Number.isNaN(t) ? 0 : t;
};

/** Inserts after every message of the same time or earlier (arrival order breaks ties). */
function insertByTime(list: ChatMessage[], message: ChatMessage): ChatMessage[] {
  const t = timeOf(message);
  let index = list.length;
  while (index > 0 && timeOf(list[index - 1]!) > t) index--;
  return [...list.slice(0, index), message, ...list.slice(index)];
}

function sortByTime(list: ChatMessage[]): ChatMessage[] {
  return list
    .map((message, index) => ({ message, index }))
    .sort((a, b) => timeOf(a.message) - timeOf(b.message) || a.index - b.index)
    .map((entry) => entry.message);
}

/** The local message the server's copy stands for: the one of the same client message id, else the oldest with the same recipient and text. */
function withoutMatchingLocal(local: LocalMessage[], message: ChatMessage): LocalMessage[] {
  const index = message.clientMessageId
    ? local.findIndex((l) => l.clientMessageId === message.clientMessageId)
    : local.findIndex((l) => l.to === message.to && l.message === message.message);
  return index < 0 ? local : [...local.slice(0, index), ...local.slice(index + 1)];
}

/** Whether a server message belongs to the conversation between `me` and `partnerId`. */
export const belongsTo = (message: Pick<ChatMessage, 'from' | 'to'>, me: string, partnerId: string) =>
  (message.from === me && message.to === partnerId) || (message.from === partnerId && message.to === me);

export function conversationReducer(state: ConversationState, action: ConversationAction): ConversationState {
  switch (action.type) {
    case 'reset':
      return initialConversation(action.partnerId);
    case 'loaded':
      return { ...state, status: 'ready', error: null, confirmed: sortByTime(dedupe(action.messages)), hasMore: action.hasMore };
    case 'loadFailed':
      return { ...state, status: 'error', error: action.error };
    case 'olderLoaded': {
      const known = new Set(state.confirmed.map((m) => m._id));
      const older = action.messages.filter((m) => !known.has(m._id));
      return { ...state, confirmed: sortByTime([...older, ...state.confirmed]), hasMore: action.hasMore };
    }
    case 'merged': {
      const known = new Set(state.confirmed.map((m) => m._id));
      const fresh = dedupe(action.messages).filter((m) => !known.has(m._id));
      if (fresh.length === 0) return state;
      let local = state.local;
      for (const message of fresh) if (message.from === action.me) local = withoutMatchingLocal(local, message);
      return { ...state, confirmed: sortByTime([...state.confirmed, ...fresh]), local };
    }
    case 'received': {
      const { message, me } = action;
      if (state.confirmed.some((m) => m._id === message._id)) {
        // A copy of a message held already: only a retry's copy (named by client id) has a local message to take away.
        const local = message.from === me && message.clientMessageId ? withoutMatchingLocal(state.local, message) : state.local;
        return local === state.local ? state : { ...state, local };
      }
      const local = message.from === me ? withoutMatchingLocal(state.local, message) : state.local;
      return { ...state, confirmed: insertByTime(state.confirmed, message), local };
    }
    case 'sent':
      return { ...state, local: [...state.local, action.message] };
    case 'sendFailed': {
      const index = action.localId
        ? state.local.findIndex((l) => l._id === action.localId && l.state === 'pending')
        : state.local.findIndex((l) => l.state === 'pending');
      if (index < 0) return state;
      const local = state.local.map((l, i) => (i === index ? { ...l, state: 'failed' as const } : l));
      return { ...state, local };
    }
    case 'retried': {
      const message = state.local.find((l) => l._id === action.localId);
      if (!message) return state;
      const others = state.local.filter((l) => l._id !== action.localId);
      return { ...state, local: [...others, { ...message, state: 'pending', createdAt: new Date().toISOString() }] };
    }
    case 'discarded':
      return { ...state, local: state.local.filter((l) => l._id !== action.localId) };
    case 'deleted': {
      if (!state.confirmed.some((m) => m._id === action.messageId)) return state;
      return { ...state, confirmed: state.confirmed.filter((m) => m._id !== action.messageId) };
    }
  }
}

function dedupe(messages: ChatMessage[]): ChatMessage[] {
  const seen = new Set<string>();
  return messages.filter((m) => (seen.has(m._id) ? false : (seen.add(m._id), true)));
}

/** What the list shows: the server's messages, then this tab's unconfirmed ones. */
export const displayedMessages = (state: ConversationState): DisplayMessage[] =>
  state.local.length === 0 ? state.confirmed : [...state.confirmed, ...state.local];
