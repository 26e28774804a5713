import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findCommunityAccess } from '@circuit/shared/read-models/community';
import { createTestApp, type TestApp } from '@circuit/embedded/testing/test-app';
import { appendListedHackathon } from '../hackathon-registrations/hackathon-fixtures';
import { notificationsStream } from '@circuit/shared/events/notifications';

/** The approval makes the review notifier append the organiser's notification in the background: wait for it, so the store's head moves only with the test's own requests. */
async function approvalNoticed(t: TestApp, organiserId: string, hackathonId: string) {
  for (let i = 0; i < 400; i++) {
    const notes = await t.store.readStream(notificationsStream(organiserId));
    if (notes.some((e) => (e.data as { subject?: { id?: string } }).subject?.id === hackathonId)) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`the review notification of ${hackathonId} never came`);
}
import { seedCommunityChats } from './seed-community';

describe('seed of community chats', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.stop();
  });

  it('fills a busy chat with replies and a second admin; a second run stores nothing', async () => {
    const organiser = (await t.embedded.commands.accounts.register({ ...t.newUser(), emailVerified: true }, {})).userId;
    const { hackathonId } = await appendListedHackathon(t.store, { now: t.clock.now(), createdBy: organiser });
    const quiet = await appendListedHackathon(t.store, { now: t.clock.now(), createdBy: organiser });
    for (let i = 0; !(await findCommunityAccess(t.knex, quiet.hackathonId, null)); i++) {
      if (i > 400) throw new Error('the hackathons never reached the read models');
      await new Promise((r) => setTimeout(r, 25));
    }
    await approvalNoticed(t, organiser, hackathonId);
    await approvalNoticed(t, organiser, quiet.hackathonId);
    for (let i = 0; i < 4; i++) {
      const { userId } = await t.embedded.commands.accounts.register({ ...t.newUser(), emailVerified: true }, {});
      await t.embedded.commands.registrations.register(userId, hackathonId, {}, { userId });
    }
    const deps = { community: t.embedded.commands.community, knex: t.knex };
    const first = await seedCommunityChats(deps, [{ hackathonId: quiet.hackathonId }, { hackathonId }]);
    expect(first.chats).toBe(1);
    const rows = await t.knex('community_messages').where({ hackathon_id: hackathonId });
    expect(rows.length).toBe(first.messages);
    expect(rows.length).toBeGreaterThan(20);
    expect(rows.filter((r: { reply_to: unknown }) => r.reply_to !== null).length).toBeGreaterThan(3);
    expect(await t.knex('community_admins').where({ hackathon_id: hackathonId })).toHaveLength(1);

    const head = await t.store.headPosition();
    await seedCommunityChats(deps, [{ hackathonId }]);
    expect(await t.store.headPosition()).toBe(head);
    expect(await t.knex('community_messages').where({ hackathon_id: hackathonId })).toHaveLength(rows.length);
  });
});
