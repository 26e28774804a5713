import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithMembers, type Member, type TestApp } from '@circuit/embedded/testing/test-app';
import { hackathonFormFixture } from '../hackathons/hackathon-form-fixture';
import { createdListing } from '../listings/listing-fixtures.testkit';

/** The review calls of spec 2 section 7 through the embedded app: writes, their refusals, the list and the exact totals. */

describe('hackathon reviews', () => {
  let t: TestApp;
  let organiser: Member, moderator: Member, alice: Member, bob: Member;
  beforeAll(async () => ({ t, members: [organiser, moderator, alice, bob] } = await appWithMembers(['user', 'moderator', 'user', 'user'])));
  afterAll(async () => t?.stop());

  const listed = (overrides: Record<string, unknown> = {}, approve = true) =>
    createdListing('hackathons', hackathonFormFixture(t.clock.now(), overrides), organiser, approve ? moderator : undefined);

  it('writes, edits and deletes one review per user, refusing bad ratings, long comments and a second review', async () => {
    const { id, username } = await listed();
    const head = await t.store.headPosition();
    for (const [body, message] of [
      [{ rating: 0 }, 'Rating must be between 1 and 5'],
      [{ rating: 6 }, 'Rating must be between 1 and 5'],
      [{ rating: 2.5 }, 'Rating must be between 1 and 5'],
      [{ rating: 'five' }, 'Rating must be between 1 and 5'],
      [{ rating: 4, comment: 'x'.repeat(1001) }, 'Comment cannot exceed 1000 characters'],
    ] as const) {
      const res = await alice.agent.post(`/api/hackathons/${id}/reviews`).send(body);
      expect([res.status, res.body.message]).toEqual([400, message]);
    }
    expect(await t.store.headPosition()).toBe(head);
    await t.request().post(`/api/hackathons/${id}/reviews`).send({ rating: 5 }).expect(401);

    // The rating defaults to 5; a comment of exactly 1000 characters is fine.
    const first = await alice.agent.post(`/api/hackathons/${id}/reviews`).send({ comment: 'y'.repeat(1000) }).expect(201);
    expect(first.body).toMatchObject({ message: 'Review submitted', data: { averageRating: 5, totalReviews: 1, review: { rating: 5, user: { _id: alice.userId } } } });
    const again = await alice.agent.post(`/api/hackathons/${username}/reviews`).send({ rating: 3 });
    expect([again.status, again.body.message]).toEqual([409, 'You have already reviewed this hackathon']);

    await bob.agent.post(`/api/hackathons/${username}/reviews`).send({ rating: 2, comment: 'Too crowded' }).expect(201);
    const edited = await alice.agent.put(`/api/hackathons/${id}/reviews`).send({ rating: 4, comment: 'Good' }).expect(200);
    expect(edited.body.data).toMatchObject({ averageRating: 3, totalReviews: 2, review: { rating: 4, comment: 'Good' } });
    await alice.agent.put(`/api/hackathons/${id}/reviews`).send({ rating: 9 }).expect(400);

    const page = (await alice.agent.get(`/api/hackathons/${id}/reviews`).expect(200)).body.data;
    expect(page).toMatchObject({ averageRating: 3, totalReviews: 2, myReview: { rating: 4 }, pagination: { page: 1, limit: 10, total: 2, totalPages: 1 } });
    expect(page.reviews.map((r: { comment: string }) => r.comment)).toEqual(['Too crowded', 'Good']);
    const card = (await t.request().get(`/api/hackathons/${id}`).expect(200)).body.data;
    expect([card.averageRating, card.totalReviews]).toEqual([3, 2]);

    const deleted = await bob.agent.delete(`/api/hackathons/${id}/reviews`).expect(200);
    expect(deleted.body).toMatchObject({ message: 'Review deleted', data: { review: null, averageRating: 4, totalReviews: 1 } });
    const twice = await bob.agent.delete(`/api/hackathons/${id}/reviews`);
    expect([twice.status, twice.body.message]).toEqual([404, 'Review not found']);
    await bob.agent.put(`/api/hackathons/${id}/reviews`).send({ rating: 3 }).expect(404);
    // A deleted review may be written again.
    await bob.agent.post(`/api/hackathons/${id}/reviews`).send({ rating: 1 }).expect(201);
    const anonymous = (await t.request().get(`/api/hackathons/${id}/reviews`).expect(200)).body.data;
    expect(anonymous).toMatchObject({ averageRating: 2.5, totalReviews: 2, myReview: null });
  });

  it('pages ten at a time, newest first', async () => {
    const { id } = await listed();
    const reviewers = await Promise.all(Array.from({ length: 12 }, () => t.member()));
    for (const [i, r] of reviewers.entries()) {
      await r.agent.post(`/api/hackathons/${id}/reviews`).send({ rating: (i % 5) + 1, comment: `review ${i}` }).expect(201);
      t.clock.advance(1000);
    }
    const first = (await t.request().get(`/api/hackathons/${id}/reviews`).expect(200)).body.data;
    expect(first.reviews).toHaveLength(10);
    expect(first.reviews[0].comment).toBe('review 11');
    expect(first.pagination).toEqual({ page: 1, limit: 10, total: 12, totalPages: 2 });
    const second = (await t.request().get(`/api/hackathons/${id}/reviews?page=2`).expect(200)).body.data;
    expect(second.reviews.map((r: { comment: string }) => r.comment)).toEqual(['review 1', 'review 0']);
    await t.request().get(`/api/hackathons/${id}/reviews?limit=500`).expect(400);
    await t.request().get(`/api/hackathons/${id}/reviews?page=0`).expect(400);
  });

  it('lets only registered users review a hackathon that takes registrations, and nobody review their own or a hidden one', async () => {
    const { id } = await listed({ takeRegistrations: true });
    const refused = await alice.agent.post(`/api/hackathons/${id}/reviews`).send({ rating: 5 });
    expect([refused.status, refused.body.message]).toEqual([403, 'Only registered participants can review this hackathon']);
    await alice.agent.post(`/api/hackathons/${id}/register`).send({}).expect(201);
    await alice.agent.post(`/api/hackathons/${id}/reviews`).send({ rating: 5 }).expect(201);

    const own = await organiser.agent.post(`/api/hackathons/${id}/reviews`).send({ rating: 5 });
    expect([own.status, own.body.message]).toEqual([403, 'You cannot review your own hackathon']);
    const hidden = await listed({}, false);
    expect((await alice.agent.post(`/api/hackathons/${hidden.id}/reviews`).send({ rating: 5 })).status).toBe(403);
    await alice.agent.get(`/api/hackathons/${hidden.id}/reviews`).expect(403);
    await t.request().get('/api/hackathons/no-such-hackathon/reviews').expect(404);
    await alice.agent.post('/api/hackathons/no-such-hackathon/reviews').send({ rating: 5 }).expect(404);
  });

  it('20 simultaneous reviews by 20 users give totalReviews 20 and the exact average to two decimals', async () => {
    const { id } = await listed();
    const reviewers = await Promise.all(Array.from({ length: 20 }, () => t.member()));
    const ratings = [5, 5, 4, 3, 5, 1, 2, 5, 4, 4, 3, 5, 5, 2, 4, 5, 1, 3, 4, 3];
    const answers = await Promise.all(reviewers.map((r, i) => r.agent.post(`/api/hackathons/${id}/reviews`).send({ rating: ratings[i], comment: `from ${i}` })));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(201));
    const sum = ratings.reduce((a, b) => a + b, 0);
    const expected = Math.round((sum * 100) / 20) / 100;
    expect(expected).toBe(3.65);
    const page = (await t.request().get(`/api/hackathons/${id}/reviews`).expect(200)).body.data;
    expect([page.totalReviews, page.averageRating]).toEqual([20, expected]);
    const detail = (await t.request().get(`/api/hackathons/${id}`).expect(200)).body.data;
    expect([detail.totalReviews, detail.averageRating]).toEqual([20, expected]);
    const listedCard = (await t.request().get('/api/hackathons').query({ search: detail.title, limit: 50 }).expect(200)).body.data.find((h: { id: string }) => h.id === id);
    expect([listedCard.totalReviews, listedCard.averageRating]).toEqual([20, expected]);
    // The totals are the rows' own count and sum.
    const [row] = (await t.knex('hackathon_reviews').where({ hackathon_id: id }).select(t.knex.raw('count(*)::int as n, sum(rating)::int as s'))) as { n: number; s: number }[];
    expect([row!.n, row!.s]).toEqual([20, sum]);
  });
});
