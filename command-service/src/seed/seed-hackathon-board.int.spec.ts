import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settledHead } from './settled-head.testkit';
import { createTestApp, type TestApp } from '@circuit/embedded/testing/test-app';
import { appendListedHackathon } from '../hackathon-registrations/hackathon-fixtures';
import { seedHackathonRegistrations } from '../hackathon-registrations/seed-registrations';
import { seedHackathonBoards } from './seed-hackathon-board';

describe('seed of reviews, announcements and sponsors', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.stop());

  it('gives a few hackathons reviews, one announcement of each type and a sponsor per tier; a second run adds nothing', async () => {
    const now = t.clock.now();
    const organiser = (await t.embedded.commands.accounts.register({ ...t.newUser(), emailVerified: true }, {})).userId;
    const hackathons = [
      await appendListedHackathon(t.store, { now, createdBy: organiser, minMembers: 1 }),
      await appendListedHackathon(t.store, { now, createdBy: organiser, minMembers: 1 }),
      await appendListedHackathon(t.store, { now, createdBy: organiser, approved: false }),
    ];
    const users = [];
    for (let i = 0; i < 4; i++) {
      const user = t.newUser();
      users.push({ userId: (await t.embedded.commands.accounts.register({ ...user, emailVerified: true }, {})).userId, username: user.username });
    }
    await seedHackathonRegistrations({ registrations: t.embedded.commands.registrations, store: t.store }, hackathons, users);
    const deps = { store: t.store, reviews: t.embedded.commands.reviews, announcements: t.embedded.commands.announcements };
    const result = await seedHackathonBoards(deps, hackathons);
    expect(result.announcements).toBe(6);
    expect(result.sponsors).toBe(10);
    expect(result.reviews).toBeGreaterThanOrEqual(2);

    const first = hackathons[0]!.hackathonId;
    const list = (await t.request().get(`/api/hackathons/${first}/announcements`).expect(200)).body.data.announcements as { type: string; results: { winners: unknown[] } }[];
    expect(list.map((a) => a.type).sort()).toEqual(['general', 'important', 'results']);
    expect(list.find((a) => a.type === 'results')!.results.winners.length).toBeGreaterThan(0);
    const sponsors = (await t.request().get(`/api/hackathons/${first}/sponsors`).expect(200)).body.data.sponsors as { tier: string }[];
    expect(sponsors.map((s) => s.tier)).toEqual(['platinum', 'gold', 'silver', 'bronze', 'community']);
    expect((await t.request().get(`/api/hackathons/${first}`).expect(200)).body.data.totalReviews).toBeGreaterThan(0);

    const head = await settledHead(t.store);
    expect(await seedHackathonBoards(deps, hackathons)).toEqual({ reviews: 0, announcements: 0, sponsors: 0 });
    expect(await settledHead(t.store)).toBe(head);
  });
});
