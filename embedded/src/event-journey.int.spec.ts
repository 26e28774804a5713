import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Agent, type TestApp } from './testing/test-app';

/**
 * Issue 13's journey over HTTP alone: an organiser hosts a paid event of capacity 1, a moderator
 * approves it, A registers and pays in the sandbox checkout, B joins the waitlist, A cancels, B is
 * offered the place (notified and mailed), confirms and pays; the organiser sees B paid and
 * exports a CSV that parses back.
 */
const DAY = 24 * 60 * 60 * 1000;
const modal = { college: 'PSG Tech', course: 'B.Tech', branch: 'Computer Science', collegeYear: '2nd Year', country: 'India', state: 'Tamil Nadu', mobile: '9876543210', agreeToTerms: true };

async function payInSandbox(agent: Agent, eventId: string) {
  const order = (await agent.post(`/api/events/${eventId}/create-payment-order`).expect(200)).body.data;
  const paid = (await agent.post(`/api/payments/sandbox/${order.orderId}/pay`).send({ outcome: 'success' }).expect(200)).body.data;
  return agent.post(`/api/events/${eventId}/verify-payment`).send({ orderId: paid.razorpay_order_id, paymentId: paid.razorpay_payment_id, signature: paid.razorpay_signature }).expect(200);
}

describe('event journey over HTTP', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.stop());

  it('capacity 1, paid: A pays, B waits, A cancels, B is offered the place and pays; the organiser exports B', async () => {
    const [organiser, moderator, a, b] = await Promise.all([t.member(), t.member('moderator'), t.member(), t.member()]);
    const at = (days: number) => new Date(t.clock.now().getTime() + days * DAY).toISOString();
    const created = await organiser.agent
      .post('/api/events')
      .send({
        username: 'chennai-rust-night',
        title: 'Chennai Rust Night',
        shortDescription: 'Talks and a workshop on Rust.',
        description: '<p>Bring a laptop.</p>',
        organization: { name: 'Rust Chennai' },
        dates: { registrationDeadline: at(5), startDate: at(7), endDate: at(8) },
        pricing: { type: 'paid', amount: 10, currency: 'USD' },
        maxAttendees: 1,
        takeRegistrations: true,
      })
      .expect(201);
    const eventId = created.body.data.id as string;
    await a.agent.post(`/api/events/${eventId}/register`).send(modal).expect(409);
    await moderator.agent.post(`/api/admin/events/${eventId}/approve`).send({}).expect(200);

    const registered = await a.agent.post(`/api/events/chennai-rust-night/register`).send(modal).expect(201);
    expect(registered.body.data.requiresPayment).toBe(true);
    const aPaid = await payInSandbox(a.agent, eventId);
    expect([aPaid.body.message, aPaid.body.data.paymentStatus]).toEqual(['Payment successful! You are now registered.', 'completed']);

    const waiting = await b.agent.post(`/api/events/${eventId}/register`).send({ ...modal, joinWaitlist: true }).expect(201);
    expect(waiting.body.data.waitlist).toEqual({ position: 1, total: 1 });

    await a.agent.delete(`/api/events/${eventId}/register`).expect(200);
    const offered = (await b.agent.get(`/api/events/${eventId}/registration-status`).expect(200)).body.data;
    expect(offered.offer).not.toBeNull();
    await t.latestMail(b.email, { subject: /A place freed up at “Chennai Rust Night”/ });
    const note = async () => JSON.stringify((await b.agent.get('/api/users/notifications').expect(200)).body.data);
    for (let i = 0; i < 50 && !(await note()).includes('A place freed up'); i++) await new Promise((r) => setTimeout(r, 50));
    expect(await note()).toContain('A place freed up at “Chennai Rust Night”');

    const accepted = await b.agent.post(`/api/events/${eventId}/waitlist/accept`).expect(200);
    expect(accepted.body.data).toMatchObject({ registered: true, requiresPayment: true });
    await payInSandbox(b.agent, eventId);

    const participants = (await organiser.agent.get(`/api/events/${eventId}/participants`).expect(200)).body.data.participants;
    expect(participants.map((p: { _id: string; paymentStatus: string }) => [p._id, p.paymentStatus])).toEqual([[b.userId, 'completed']]);
    await a.agent.get(`/api/events/${eventId}/participants`).expect(403);
    await a.agent.get(`/api/events/${eventId}/participants/export`).expect(403);
    const csv = await organiser.agent.get(`/api/events/${eventId}/participants/export`).expect(200);
    expect(csv.headers['content-disposition']).toBe('attachment; filename="Chennai Rust Night_participants.csv"');
    const rows = Papa.parse<string[]>(csv.text.replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data;
    expect(rows).toHaveLength(2);
    expect(rows[1]![2]).toBe(b.email);
    // Payment, then the check-in at the door: empty until they are checked in.
    expect(rows[1]!.slice(-2)).toEqual(['completed', '']);
  });
});
