import { describe, expect, it } from 'vitest';
import type { DomainEvent } from '@circuit/shared/events/catalogue';
import { conversationStream } from '@circuit/shared/events/messaging';
import { projectionHarness } from '../runner/projection-harness.testkit';
import { migrateMessagingReadModels } from './messaging-read-models';
import { messagingProjection } from './messaging-projection';

/** Events in, rows out: chat history and the per-sender unread counts. */
describe('messaging projection', () => {
  const t = projectionHarness([migrateMessagingReadModels], [messagingProjection]);
  const A = 'user-a';
  const B = 'user-b';
  const at = (minute: number) => `2026-11-21T10:${String(minute).padStart(2, '0')}:00.000Z`;

  const append = (events: DomainEvent[]) => t.append(conversationStream(A, B), events, at(0));
  const sent = (id: string, from: string, to: string, minute: number): DomainEvent => ({
    type: 'MessageSent',
    data: { messageId: id, from, to, message: `text ${id}`, replyTo: null, at: at(minute) },
  });
  const unread = async (user: string, from: string) => (await t.knex('chat_unread').where({ user_id: user, from_id: from }).first('count'))?.count;
  const dump = async () => ({
    messages: await t.knex('chat_messages').orderBy('id').select('*'),
    unread: await t.knex('chat_unread').orderBy(['user_id', 'from_id']).select('*'),
  });

  it('keeps unread counts exact through sends, reads and deletes, and a rebuild yields the same rows', async () => {
    await append([sent('m1', A, B, 1), sent('m2', A, B, 2), sent('m3', B, A, 3)]);
    await t.runner.rebuild();
    // A batch of sends alone: messages and counts go in one statement.
    expect((await dump()).messages.map((m: { id: string }) => m.id)).toEqual(['m1', 'm2', 'm3']);
    expect(await unread(B, A)).toBe(2);
    expect(await unread(A, B)).toBe(1);

    await append([{ type: 'MessagesRead', data: { reader: B, from: A, at: at(4) } }, sent('m4', A, B, 5)]);
    await append([{ type: 'MessageDeleted', data: { messageId: 'm4', from: A, to: B, at: at(6) } }]);
    await append([{ type: 'MessageDeleted', data: { messageId: 'm3', from: B, to: A, at: at(7) } }]);
    await t.runner.rebuild();
    // m1 and m2 were read; m4 arrived after the read but was deleted; m3 (unread) was deleted.
    expect(await unread(B, A)).toBe(0);
    expect(await unread(A, B)).toBe(0);
    const rows = await t.knex('chat_messages').orderBy('position').select('id', 'read_at', 'deleted_at');
    expect(rows.map((r: { id: string }) => r.id)).toEqual(['m1', 'm2', 'm3', 'm4']);
    expect(rows.filter((r: { deleted_at: unknown }) => r.deleted_at).map((r: { id: string }) => r.id)).toEqual(['m3', 'm4']);

    const before = await dump();
    await t.runner.rebuild();
    expect(await dump()).toEqual(before);
  });
});
