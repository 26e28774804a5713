import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKnex, type Knex } from '@circuit/shared/db/knex';
import { PostgresEventStore } from '@circuit/shared/adapters/event-store/postgres-event-store';
import { toNewEvents } from '@circuit/shared/commands/decider';
import { createLogger } from '@circuit/shared/logger';
import { userStream } from '@circuit/shared/events/accounts';
import { hackathonReviewStream } from '@circuit/shared/events/hackathon-reviews';
import { hackathonAnnouncementsStream, hackathonSponsorsStream } from '@circuit/shared/events/hackathon-announcements';
import { hackathonStream } from '@circuit/shared/events/hackathons';
import type { DomainEvent } from '@circuit/shared/events/catalogue';
import { listReviews, reviewStats } from '@circuit/shared/read-models/hackathon-reviews';
import { listAnnouncements, listSponsors } from '@circuit/shared/read-models/hackathon-announcements';
import { migrateReadModels } from '../migrations';
import { ProjectionRunner } from '../runner/projection-runner';
import { usersProjection } from '../accounts/users-projection';
import { migrateReviewsReadModels } from './reviews-migrations';
import { reviewsProjection } from './reviews-projection';
import { migrateAnnouncementsReadModels } from '../hackathon-announcements/announcements-migrations';
import { announcementsProjection, sponsorsProjection } from '../hackathon-announcements/announcements-projection';

/** Events in, rows out: reviews with exact totals, announcements and sponsors in their order. */
describe('reviews, announcements and sponsors projections', () => {
  let knex: Knex;
  let store: PostgresEventStore;
  const log = createLogger('test', 'silent');
  const H = 'h-1';
  const at = (minute: number) => `2025-03-01T10:${String(minute).padStart(2, '0')}:00.000Z`;

  beforeAll(async () => {
    knex = await createKnex({ kind: 'pglite' });
    store = await PostgresEventStore.create(knex);
    await migrateReadModels(knex);
    await migrateReviewsReadModels(knex);
    await migrateAnnouncementsReadModels(knex);
    for (const [id, username] of [
      ['u1', 'asha'],
      ['u2', 'ravi'],
      ['u3', 'meera'],
    ] as const) {
      const data = { userId: id, username, email: `${username}@example.com`, firstName: username, lastName: 'Rao', passwordHash: null, role: 'user' as const, emailVerified: true, registeredAt: at(0) };
      await store.append(userStream(id), toNewEvents([{ type: 'UserRegistered', data }], {}, at(0)), 'any');
    }
  });

  afterAll(async () => {
    await store.close();
    await knex.destroy();
  });

  const append = (stream: string, events: DomainEvent[]) => store.append(stream, toNewEvents(events, {}, at(0)), 'any');
  /** The same feed applied one event per batch and all in one batch must give the same rows. */
  async function rebuildBoth<T>(read: () => Promise<T>): Promise<T> {
    await new ProjectionRunner(knex, store, [usersProjection, reviewsProjection, announcementsProjection, sponsorsProjection], undefined, log, { pageSize: 1 }).rebuild();
    const one = await read();
    await new ProjectionRunner(knex, store, [usersProjection, reviewsProjection, announcementsProjection, sponsorsProjection], undefined, log, { pageSize: 1000 }).rebuild();
    expect(await read()).toEqual(one);
    return one;
  }

  it('keeps one row per reviewer and totals counted from the rows, through edits, deletes and a new review', async () => {
    const review = (userId: string, reviewId: string) => ({ hackathonId: H, userId, reviewId });
    await append(hackathonReviewStream(H, 'u1'), [
      { type: 'HackathonReviewSubmitted', data: { ...review('u1', 'r1'), rating: 5, comment: 'Great', at: at(1) } },
      { type: 'HackathonReviewEdited', data: { ...review('u1', 'r1'), rating: 4, comment: 'Good', at: at(5) } },
    ]);
    await append(hackathonReviewStream(H, 'u2'), [
      { type: 'HackathonReviewSubmitted', data: { ...review('u2', 'r2'), rating: 1, comment: 'Bad', at: at(2) } },
      { type: 'HackathonReviewDeleted', data: { ...review('u2', 'r2'), at: at(3) } },
      { type: 'HackathonReviewSubmitted', data: { ...review('u2', 'r3'), rating: 2, comment: 'Meh', at: at(4) } },
    ]);
    await append(hackathonReviewStream(H, 'u3'), [{ type: 'HackathonReviewSubmitted', data: { ...review('u3', 'r4'), rating: 4, comment: '', at: at(6) } }]);
    await append(hackathonReviewStream('h-other', 'u3'), [{ type: 'HackathonReviewSubmitted', data: { hackathonId: 'h-other', userId: 'u3', reviewId: 'r5', rating: 1, comment: '', at: at(6) } }]);

    const { stats, page } = await rebuildBoth(async () => ({ stats: await reviewStats(knex, H), page: await listReviews(knex, H, 1, 10) }));
    expect(stats).toEqual({ totalReviews: 3, averageRating: 3.33 });
    expect(page.map((r) => [r._id, r.rating, r.comment, r.user.username, r.createdAt, r.updatedAt])).toEqual([
      ['r4', 4, '', 'meera', at(6), at(6)],
      ['r3', 2, 'Meh', 'ravi', at(4), at(4)],
      ['r1', 4, 'Good', 'asha', at(1), at(5)],
    ]);
    expect(await reviewStats(knex, 'h-none')).toEqual({ totalReviews: 0, averageRating: 0 });
  });

  it('lists announcements newest first and sponsors in tier order; a deleted hackathon takes them with it', async () => {
    const content = (type: 'general' | 'important' | 'results', title: string) => ({ type, title, content: `<p>${title}</p>`, results: { winners: [], specialAwards: [] } });
    await append(hackathonAnnouncementsStream(H), [
      { type: 'HackathonAnnouncementPosted', data: { hackathonId: H, announcementId: 'a1', announcement: content('general', 'Welcome'), at: at(1), byUserId: 'u1' } },
      { type: 'HackathonAnnouncementPosted', data: { hackathonId: H, announcementId: 'a2', announcement: content('important', 'Moved'), at: at(2), byUserId: 'u1' } },
      { type: 'HackathonAnnouncementEdited', data: { hackathonId: H, announcementId: 'a1', announcement: content('general', 'Welcome all'), at: at(3), byUserId: 'u1' } },
      { type: 'HackathonAnnouncementPosted', data: { hackathonId: H, announcementId: 'a3', announcement: content('results', 'Winners'), at: at(4), byUserId: 'u1' } },
      { type: 'HackathonAnnouncementDeleted', data: { hackathonId: H, announcementId: 'a3', at: at(5), byUserId: 'u1' } },
    ]);
    const sponsor = (name: string, tier: 'platinum' | 'gold' | 'silver' | 'bronze' | 'community') => ({ name, tier, image: '' });
    await append(hackathonSponsorsStream(H), [
      { type: 'HackathonSponsorAdded', data: { hackathonId: H, sponsorId: 's1', sponsor: sponsor('Club', 'community'), at: at(1), byUserId: 'u1' } },
      { type: 'HackathonSponsorAdded', data: { hackathonId: H, sponsorId: 's2', sponsor: sponsor('Acme', 'gold'), at: at(2), byUserId: 'u1' } },
      { type: 'HackathonSponsorAdded', data: { hackathonId: H, sponsorId: 's3', sponsor: sponsor('Mega', 'platinum'), at: at(3), byUserId: 'u1' } },
      { type: 'HackathonSponsorAdded', data: { hackathonId: H, sponsorId: 's4', sponsor: sponsor('Beta', 'gold'), at: at(4), byUserId: 'u1' } },
      { type: 'HackathonSponsorUpdated', data: { hackathonId: H, sponsorId: 's1', sponsor: sponsor('Club', 'bronze'), at: at(5), byUserId: 'u1' } },
      { type: 'HackathonSponsorRemoved', data: { hackathonId: H, sponsorId: 's4', at: at(6), byUserId: 'u1' } },
    ]);
    const read = async () => ({ announcements: await listAnnouncements(knex, H, { revealEmails: false }), sponsors: await listSponsors(knex, H) });
    const { announcements, sponsors } = await rebuildBoth(read);
    expect(announcements.map((a) => [a._id, a.type, a.title, a.createdBy.username, a.updatedAt])).toEqual([
      ['a2', 'important', 'Moved', 'asha', at(2)],
      ['a1', 'general', 'Welcome all', 'asha', at(3)],
    ]);
    expect(sponsors.map((s) => [s.name, s.tier])).toEqual([
      ['Mega', 'platinum'],
      ['Acme', 'gold'],
      ['Club', 'bronze'],
    ]);

    await append(hackathonStream(H), [{ type: 'HackathonDeleted', data: { hackathonId: H, at: at(9), byUserId: 'u1' } }]);
    const after = await rebuildBoth(async () => ({ ...(await read()), stats: await reviewStats(knex, H) }));
    expect(after).toEqual({ announcements: [], sponsors: [], stats: { totalReviews: 0, averageRating: 0 } });
  });
});
