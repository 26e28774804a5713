import { describe, expect, it } from 'vitest';
import { conversationStream } from '@circuit/shared/events/messaging';
import { commandSideDatabase } from '../process-managers/command-side.testkit';
import { conversationFacts, liveMessage } from './conversation-facts';

/** What the chat's commands decide with, from the conversation's own stream. */
describe('conversation facts', () => {
  const db = commandSideDatabase();
  const at = '2026-11-28T10:00:00.000Z';
  const append = (type: string, data: object) => db.append(conversationStream('ann', 'bo'), [{ type, data: { ...data, at } }], at);
  const sent = (messageId: string, from: string, to: string) => append('MessageSent', { messageId, from, to, message: `m ${messageId}`, replyTo: null });

  it('counts what each reader has not read, leaving out deleted messages, as the unread counts do', async () => {
    await sent('m1', 'ann', 'bo');
    await sent('m2', 'ann', 'bo');
    await sent('m3', 'bo', 'ann');
    expect((await conversationFacts(db.store, 'bo', 'ann')).unread).toEqual({ bo: 2, ann: 1 });
    await append('MessagesRead', { reader: 'bo', from: 'ann' });
    await sent('m4', 'ann', 'bo');
    // A message read before its deletion no longer counted; one unread stops counting.
    await append('MessageDeleted', { messageId: 'm1', from: 'ann', to: 'bo' });
    await append('MessageDeleted', { messageId: 'm4', from: 'ann', to: 'bo' });
    expect((await conversationFacts(db.store, 'ann', 'bo')).unread).toEqual({ bo: 0, ann: 1 });
    expect(await liveMessage(db.store, 'ann', 'bo', 'm1')).toBeUndefined();
    expect(await liveMessage(db.store, 'bo', 'ann', 'm2')).toMatchObject({ from: 'ann', to: 'bo', message: 'm m2' });
  });
});
