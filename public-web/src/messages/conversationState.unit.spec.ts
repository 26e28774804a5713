import { describe, expect, it } from 'vitest';
import { conversationReducer, displayedMessages, initialConversation, type ConversationState } from './conversationState';
import type { ChatMessage, LocalMessage } from './types';

const ME = 'me';
const PRIYA = 'priya';

const server = (id: string, from: string, to: string, message: string, at: string): ChatMessage => ({
  _id: id,
  from,
  to,
  message,
  createdAt: at,
  replyTo: null,
});
const local = (id: string, message: string, clientMessageId = `client-${id}`): LocalMessage => ({
  ...server(id, ME, PRIYA, message, '2025-03-04T10:00:10Z'),
  local: true,
  state: 'pending',
  clientMessageId,
});

function loaded(messages: ChatMessage[] = []): ConversationState {
  return conversationReducer(initialConversation(PRIYA), { type: 'loaded', messages, hasMore: false });
}

describe('a conversation', () => {
  it('shows a sent message at once and replaces it with the server copy', () => {
    let state = loaded([server('m1', PRIYA, ME, 'hi', '2025-03-04T10:00:00Z')]);
    state = conversationReducer(state, { type: 'sent', message: local('local-1', 'hello') });
    expect(displayedMessages(state).map((m) => m._id)).toEqual(['m1', 'local-1']);

    state = conversationReducer(state, { type: 'received', me: ME, message: server('m2', ME, PRIYA, 'hello', '2025-03-04T10:00:11Z') });
    expect(displayedMessages(state).map((m) => m._id)).toEqual(['m1', 'm2']);
    expect(state.local).toEqual([]);
  });

  it('reconciles two identical texts one by one, oldest first', () => {
    let state = loaded();
    state = conversationReducer(state, { type: 'sent', message: local('local-1', 'ok') });
    state = conversationReducer(state, { type: 'sent', message: local('local-2', 'ok') });
    state = conversationReducer(state, { type: 'received', me: ME, message: server('m1', ME, PRIYA, 'ok', '2025-03-04T10:00:11Z') });
    expect(state.local.map((l) => l._id)).toEqual(['local-2']);
  });

  it('matches the server copy to the local message by client message id, whatever the texts', () => {
    let state = loaded();
    state = conversationReducer(state, { type: 'sent', message: local('local-1', 'ok', 'c1') });
    state = conversationReducer(state, { type: 'sent', message: local('local-2', 'ok', 'c2') });
    // The second send is confirmed first: it is the one that goes.
    state = conversationReducer(state, { type: 'received', me: ME, message: { ...server('m2', ME, PRIYA, 'ok', '2025-03-04T10:00:11Z'), clientMessageId: 'c2' } });
    expect(state.local.map((l) => l._id)).toEqual(['local-1']);
  });

  it('a retried message that the server had stored after all: its copy arrives twice, and shows once', () => {
    let state = loaded();
    state = conversationReducer(state, { type: 'sent', message: local('local-1', 'late', 'c1') });
    state = conversationReducer(state, { type: 'sendFailed', localId: 'local-1' });
    state = conversationReducer(state, { type: 'retried', localId: 'local-1' });
    state = conversationReducer(state, { type: 'sent', message: local('local-2', 'late', 'c2') });
    const copy = { ...server('m1', ME, PRIYA, 'late', '2025-03-04T10:00:11Z'), clientMessageId: 'c1' };
    state = conversationReducer(state, { type: 'received', me: ME, message: copy });
    state = conversationReducer(state, { type: 'received', me: ME, message: copy });
    expect(displayedMessages(state).map((m) => m._id)).toEqual(['m1', 'local-2']);
  });

  it('drops a message it already holds (same _id)', () => {
    let state = loaded([server('m1', PRIYA, ME, 'hi', '2025-03-04T10:00:00Z')]);
    state = conversationReducer(state, { type: 'received', me: ME, message: server('m1', PRIYA, ME, 'hi', '2025-03-04T10:00:00Z') });
    expect(state.confirmed).toHaveLength(1);
  });

  it('appends a message sent from another tab of the same user', () => {
    let state = loaded();
    state = conversationReducer(state, { type: 'received', me: ME, message: server('m1', ME, PRIYA, 'from my phone', '2025-03-04T10:00:00Z') });
    expect(displayedMessages(state).map((m) => m.message)).toEqual(['from my phone']);
  });

  it('marks the oldest pending message failed on message_error, and retries it', () => {
    let state = loaded();
    state = conversationReducer(state, { type: 'sent', message: local('local-1', 'a') });
    state = conversationReducer(state, { type: 'sent', message: local('local-2', 'b') });
    state = conversationReducer(state, { type: 'sendFailed' });
    expect(state.local.map((l) => l.state)).toEqual(['failed', 'pending']);
    state = conversationReducer(state, { type: 'retried', localId: 'local-1' });
    expect(state.local.map((l) => [l._id, l.state])).toEqual([
      ['local-2', 'pending'],
      ['local-1', 'pending'],
    ]);
  });

  it('removes a deleted message and keeps older pages in order', () => {
    let state = loaded([server('m3', PRIYA, ME, 'c', '2025-03-04T10:00:03Z')]);
    state = conversationReducer(state, {
      type: 'olderLoaded',
      hasMore: false,
      messages: [server('m1', PRIYA, ME, 'a', '2025-03-04T10:00:01Z'), server('m2', ME, PRIYA, 'b', '2025-03-04T10:00:02Z')],
    });
    expect(state.confirmed.map((m) => m._id)).toEqual(['m1', 'm2', 'm3']);
    state = conversationReducer(state, { type: 'deleted', messageId: 'm2' });
    expect(state.confirmed.map((m) => m._id)).toEqual(['m1', 'm3']);
  });

  it('catches up after a reconnection without doubles, confirming what it had sent', () => {
    let state = loaded([server('m1', PRIYA, ME, 'a', '2025-03-04T10:00:01Z')]);
    state = conversationReducer(state, { type: 'sent', message: local('local-1', 'sent while offline?') });
    state = conversationReducer(state, {
      type: 'merged',
      me: ME,
      messages: [server('m1', PRIYA, ME, 'a', '2025-03-04T10:00:01Z'), server('m2', ME, PRIYA, 'sent while offline?', '2025-03-04T10:00:05Z')],
    });
    expect(displayedMessages(state).map((m) => m._id)).toEqual(['m1', 'm2']);
  });
});
