import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './testing/test-app';

/**
 * Issue 11's journey over HTTP alone: an organiser hosts a paid hackathon, a moderator approves
 * it, a participant finds it by its filters, registers and forms a team, a second participant
 * joins by code, the creator submits, pays in the sandbox checkout and the registration completes.
 */

const DAY = 24 * 60 * 60 * 1000;

function hackathonForm(username: string, now: Date) {
  const at = (days: number) => new Date(now.getTime() + days * DAY).toISOString();
  return {
    username,
    title: 'Monsoon Build Sprint',
    shortDescription: 'Forty-eight hours to build tools for flood-prone towns.',
    description: '<p>Build <strong>offline-first</strong> tools with local councils.</p><script>alert(1)</script>',
    eligibilityCriteria: '<p>Students of any college in India.</p>',
    organization: { name: 'Kerala Open Source Society', website: 'https://koss.example' },
    categories: ['hackathon'],
    technologies: ['React', ' React ', 'PostgreSQL'],
    location: { type: 'online', country: 'India', state: 'Kerala', city: 'Kochi' },
    dates: { registrationDeadline: at(5), startDate: at(7), endDate: at(9) },
    pricing: { type: 'paid', amount: 499, currency: 'INR' },
    maxParticipants: 50,
    takeRegistrations: true,
    teamSettings: { minMembers: 2, maxMembers: 3 },
    faqs: [{ question: 'Is there a fee?', answer: '499 rupees per team.' }],
  };
}

/** The signature with its last hex digit changed (always a different one). */
const tampered = (signature: string) => `${signature.slice(0, -1)}${signature.endsWith('0') ? '1' : '0'}`;

describe('hackathon journey over HTTP', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.stop());

  it('host, approve, find, register, team up, submit, pay, complete', async () => {
    const organiser = await t.member();
    const moderator = await t.member('moderator');
    const asha = await t.member();
    const ravi = await t.member();
    const slug = `monsoon-${Date.now().toString(36)}`;

    const check = await organiser.agent.get(`/api/hackathons/check-username/${slug}`).expect(200);
    expect(check.body.data.available).toBe(true);

    const created = await organiser.agent.post('/api/hackathons').send(hackathonForm(slug, t.clock.now())).expect(201);
    expect(created.body.data.username).toBe(slug);
    const hackathonId: string = created.body.data.id;

    // Pending: not public, not listed, but the creator sees it.
    await asha.agent.get(`/api/hackathons/username/${slug}`).expect(403);
    const own = await organiser.agent.get(`/api/hackathons/username/${slug}`).expect(200);
    expect(own.body.data.status).toBe('pending');
    expect(own.body.data.description).not.toContain('<script');
    expect(own.body.data.technologies).toEqual(['React', 'PostgreSQL']);

    await asha.agent.post(`/api/admin/hackathons/${hackathonId}/approve`).send({}).expect(403);
    await moderator.agent.post(`/api/admin/hackathons/${hackathonId}/approve`).send({}).expect(200);

    const found = await asha.agent
      .get('/api/hackathons')
      .query({ search: 'monsoon', category: 'hackathon', location: 'online', country: 'India' })
      .expect(200);
    expect(found.body.data.map((h: { username: string }) => h.username)).toContain(slug);
    await asha.agent.get('/api/hackathons').query({ category: 'nonsense' }).expect(400);

    await asha.agent.post(`/api/hackathons/${hackathonId}/register`).send({ college: 'CUSAT', mobile: '9876543210' }).expect(201);
    await ravi.agent.post(`/api/hackathons/${hackathonId}/register`).send({}).expect(201);
    const status = await asha.agent.get(`/api/hackathons/${hackathonId}/registration-status`).expect(200);
    expect(status.body.data.registered).toBe(true);
    const detail = await asha.agent.get(`/api/hackathons/username/${slug}`).expect(200);
    expect(detail.body.data.currentParticipants).toBe(2);

    const team = (await asha.agent.post(`/api/hackathons/${hackathonId}/teams`).send({ name: 'Backwaters' }).expect(201)).body.data.team;
    // Below the minimum of two members the team cannot be submitted.
    await asha.agent.post(`/api/hackathons/${hackathonId}/teams/${team.id}/submit`).send({}).expect((res) => expect(res.status).toBeGreaterThanOrEqual(400));
    const joined = await ravi.agent.post(`/api/hackathons/${hackathonId}/teams/join`).send({ code: team.code }).expect(200);
    expect(joined.body.data.team.members).toHaveLength(2);
    // Only the creator submits.
    await ravi.agent.post(`/api/hackathons/${hackathonId}/teams/${team.id}/submit`).send({}).expect(403);

    const submitted = await asha.agent.post(`/api/hackathons/${hackathonId}/teams/${team.id}/submit`).send({}).expect(200);
    expect(submitted.body.data).toMatchObject({ requiresPayment: true, amount: 499, currency: 'INR' });

    const order = (await asha.agent.post(`/api/hackathons/${hackathonId}/create-payment-order`).send({}).expect(200)).body.data;
    expect(order).toMatchObject({ amount: 49_900, currency: 'INR' });
    const paid = (await asha.agent.post(`/api/payments/sandbox/${order.orderId}/pay`).send({ outcome: 'success' }).expect(200)).body.data;

    // Ravi cannot verify Asha's order; a tampered signature is refused.
    await ravi.agent
      .post(`/api/hackathons/${hackathonId}/verify-payment`)
      .send({ orderId: paid.razorpay_order_id, paymentId: paid.razorpay_payment_id, signature: paid.razorpay_signature })
      .expect(403);
    await asha.agent
      .post(`/api/hackathons/${hackathonId}/verify-payment`)
      .send({ orderId: paid.razorpay_order_id, paymentId: paid.razorpay_payment_id, signature: tampered(paid.razorpay_signature) })
      .expect(400);

    const verified = await asha.agent
      .post(`/api/hackathons/${hackathonId}/verify-payment`)
      .send({ orderId: paid.razorpay_order_id, paymentId: paid.razorpay_payment_id, signature: paid.razorpay_signature })
      .expect(200);
    expect(verified.body.message).toBe('Payment successful! Your team registration is complete.');

    const mine = (await ravi.agent.get(`/api/hackathons/${hackathonId}/teams/me`).expect(200)).body.data;
    expect(mine.team).toMatchObject({ status: 'complete', registrationComplete: true });
    expect(mine.participant.paymentStatus).toBe('completed');

    const registered = await ravi.agent.get('/api/hackathons/user/registered').expect(200);
    expect(registered.body.data.map((h: { id: string }) => h.id)).toContain(hackathonId);
  });
});
