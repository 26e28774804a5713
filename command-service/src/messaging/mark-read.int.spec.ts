import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, GENEROUS_RATE_LIMITS, type TestApp } from '@circuit/embedded/testing/test-app';
import { createTestSchema, testDatabaseUrl, type TestSchema } from '@circuit/shared/testkit/postgres';
import { describeWhen } from '@circuit/shared/testkit/skip';
import { sleep, waitFor } from '@circuit/shared/testkit/wait';

/**
 * A message reaches the reader's socket once it is stored, before the read models include it, and
 * an open conversation marks it read at once: mark-read must count it all the same. On Postgres,
 * where another connection can hold the messaging projection back.
 */
describeWhen('marking a conversation read while its last message is not in the read models yet', testDatabaseUrl(), (url) => {
  let db: TestSchema;
  let t: TestApp;
  beforeAll(async () => {
    db = await createTestSchema({ url, label: 'mark_read', poolMax: 10 });
    t = await createTestApp({ knex: db.knex, rateLimits: GENEROUS_RATE_LIMITS });
  });
  afterAll(async () => {
    await t?.stop();
    await db?.cleanup();
  });

  it('waits for the message and marks it read; the unread count ends at zero', async () => {
    const a = await t.signedIn();
    const b = await t.signedIn();
    await a.agent.post(`/api/users/connect/${b.userId}`).expect(200);
    await b.agent.post(`/api/users/accept-connection/${a.userId}`).expect(200);
    await t.embedded.commands.messaging.send({ from: a.userId, to: b.userId, text: 'first' }, {});
    await b.agent.post(`/api/users/messages/mark-read/${a.userId}`).expect(200);

    // Another connection holds the unread counts: the projection's next batch waits for it, reads do not.
    const holder = await db.knex.transaction();
    try {
      await holder.raw('lock table chat_unread in exclusive mode');
      await t.embedded.commands.messaging.sendOnce({ from: a.userId, to: b.userId, text: 'second' }, {}, { readYourWrites: false });
      const marked = b.agent.post(`/api/users/messages/mark-read/${a.userId}`).then((r) => r.status);
      await sleep(300);
      await holder.commit();
      expect(await marked).toBe(200);
    } finally {
      if (!holder.isCompleted()) await holder.rollback();
    }
    await waitFor(async () => (await t.knex('chat_messages').where({ from_id: a.userId })).length === 2, { message: 'both messages stored' });
    await sleep(100);
    const unread = await t.knex('chat_unread').where({ user_id: b.userId, from_id: a.userId }).first<{ count: number } | undefined>('count');
    expect(Number(unread?.count ?? 0)).toBe(0);
  });
});
