import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentStream } from '@circuit/shared/events/payments';
import { createTestApp, type TestApp } from '@circuit/embedded/testing/test-app';
import { razorpayGateway } from '@circuit/shared/adapters/payments/razorpay-gateway';
import { RefundRefusedError } from '@circuit/shared/ports/payments';
import { waitFor } from '@circuit/shared/testkit/wait';
import type { AuditPayment } from '@circuit/shared/api/admin-audit';
import { fullProfile, listedEvent } from '../events/event-fixtures';
import { startRazorpayFake } from './razorpay-fake.testkit';

/** The payments service on both gateways: Razorpay (its client library against a local fake of its orders API) and the sandbox. */

const KEY_ID = 'rzp_test_circuit';
const KEY_SECRET = 'razorpay-key-secret';
const WEBHOOK_SECRET = 'razorpay-webhook-secret';
const purpose = { kind: 'hackathon-team' as const, listingId: 'hackathon-1', subjectId: 'team-1' };
const hmac = (secret: string, payload: string) => crypto.createHmac('sha256', secret).update(payload).digest('hex');

/**
 * What verification recorded on an order. These orders pay for a team that does not exist, so the team payments
 * process manager refunds each verified one (as it must: the payment bought nothing; the refund test below checks
 * that path); the refund is left out here, where only the verification's own record is checked.
 */
const typesOf = async (t: TestApp, orderId: string) =>
  (await t.store.readStream(paymentStream(orderId))).map((e) => e.type).filter((type) => type !== 'PaymentRefunded');
const refundsOn = async (t: TestApp, orderId: string) =>
  waitFor(
    async () => {
      const events = (await t.store.readStream(paymentStream(orderId))).filter((e) => e.type.startsWith('PaymentRefund'));
      return events.length > 0 && events;
    },
    { message: `the refund of ${orderId}` },
  );

type Member = Awaited<ReturnType<TestApp['member']>>;

/** circuit_payments_total of the test's purpose and `outcome`, as the app's /metrics would give it. */
const paymentsCounted = async (t: TestApp, outcome: string) =>
  (await t.embedded.metrics.payments.get()).values.find((v) => v.labels.purpose === purpose.kind && v.labels.outcome === outcome)?.value ?? 0;

/**
 * A paid event (₹250) with `payer` registered and holding a payment order: five captures of that
 * order then arrive at once through `capture`; the first is the payment, the other four are
 * refunded once each, the payer is mailed for each, and the audit lists the order as paid twice.
 */
async function fiveCapturesAtOnce(t: TestApp, capture: (payer: Member, eventId: string, orderId: string) => Promise<string>) {
  const [organiser, moderator, admin, payer] = await Promise.all([t.member(), t.member('moderator'), t.member('admin'), t.member()]);
  const { id } = await listedEvent(organiser, moderator, t, { maxAttendees: 5, pricing: { type: 'paid', amount: 250, currency: 'INR' } });
  await payer.agent.post(`/api/events/${id}/register`).send(fullProfile).expect(201);
  const { orderId } = (await payer.agent.post(`/api/events/${id}/create-payment-order`).expect(200)).body.data as { orderId: string };
  const paymentIds = await Promise.all(Array.from({ length: 5 }, () => capture(payer, id, orderId)));
  expect(new Set(paymentIds).size).toBe(5);

  const refunds = await waitFor(
    async () => {
      const events = (await t.store.readStream(paymentStream(orderId))).filter((e) => e.type === 'PaymentDuplicateRefunded');
      return events.length === 4 && events;
    },
    { message: `four refunds on ${orderId}` },
  );
  const types = (await t.store.readStream(paymentStream(orderId))).map((e) => e.type);
  expect(types.filter((type) => type === 'PaymentVerified')).toHaveLength(1);
  expect(types.filter((type) => type === 'PaymentDuplicateCaptured')).toHaveLength(4);
  expect(types.filter((type) => type.startsWith('PaymentRefund'))).toEqual([]);
  const verified = (await t.store.readStream(paymentStream(orderId))).find((e) => e.type === 'PaymentVerified')!.data as { paymentId: string };
  const refunded = refunds.map((e) => e.data as { paymentId: string; refundId: string; amountMinor: number });
  expect(refunded.map((r) => r.paymentId).sort()).toEqual(paymentIds.filter((p) => p !== verified.paymentId).sort());
  expect(refunded.every((r) => r.amountMinor === 25_000 && r.refundId.startsWith('rfnd_'))).toBe(true);
  expect((await payer.agent.get(`/api/events/${id}/registration-status`)).body.data).toMatchObject({ registered: true, paymentStatus: 'completed' });

  // Asked again (a replayed event), nothing more is refunded or recorded.
  for (const r of refunded) await t.embedded.commands.payments.refundDuplicate(orderId, r.paymentId);
  expect((await t.store.readStream(paymentStream(orderId))).length).toBe(types.length);

  await waitFor(async () => (await t.mailsTo(payer.email)).filter((m) => /was refunded/.test(m.subject)).length === 4, { message: 'four refund mails' });
  const mail = await t.latestMail(payer.email, { subject: /was refunded/ });
  expect(mail.text).toContain('₹250.00');
  expect(mail.text).toContain('second payment for an order you had already paid');

  const [audit] = (await admin.agent.get('/api/admin/audit/payments').query({ filter: JSON.stringify({ id: orderId }) }).expect(200)).body as AuditPayment[];
  expect(audit).toMatchObject({ id: orderId, status: 'paid_twice', refundId: null });
  expect(audit!.verifiedPaymentIds.sort()).toEqual([...paymentIds].sort());
  expect(audit!.duplicates.map((d) => [d.paymentId, d.refundId, d.refundRefused]).sort()).toEqual(refunded.map((r) => [r.paymentId, r.refundId, false]).sort());
  const twice = (await admin.agent.get('/api/admin/audit/payments').query({ filter: JSON.stringify({ status: ['paid_twice'] }) }).expect(200)).body as AuditPayment[];
  expect(twice.map((o) => o.id)).toContain(orderId);
  return { orderId, refunded };
}

describe('payments on Razorpay (local fake of the orders API)', () => {
  let t: TestApp;
  let fake: Awaited<ReturnType<typeof startRazorpayFake>>;
  beforeAll(async () => {
    fake = await startRazorpayFake(KEY_ID, KEY_SECRET);
    t = await createTestApp({ env: { RAZORPAY_KEY_ID: KEY_ID, RAZORPAY_KEY_SECRET: KEY_SECRET, RAZORPAY_WEBHOOK_SECRET: WEBHOOK_SECRET, RAZORPAY_API_URL: fake.url } });
  });
  afterAll(async () => {
    await t?.stop();
    await fake?.close();
  });

  function webhook(event: string, orderId: string, paymentId: string, secret = WEBHOOK_SECRET) {
    const body = JSON.stringify({
      entity: 'event',
      account_id: 'acc_test',
      event,
      contains: ['payment'],
      payload: { payment: { entity: { id: paymentId, entity: 'payment', amount: 49_900, currency: 'INR', status: event === 'payment.failed' ? 'failed' : 'captured', order_id: orderId, error_description: event === 'payment.failed' ? 'Card declined' : null } } },
      created_at: 1_700_000_000,
    });
    return t
      .request()
      .post('/api/payments/razorpay/webhook')
      .set('Content-Type', 'application/json')
      .set('X-Razorpay-Signature', hmac(secret, body))
      .set('X-Razorpay-Event-Id', `evt_${crypto.randomBytes(6).toString('hex')}`)
      .send(body);
  }

  it('creates the order through the razorpay client (Basic auth, amount in paise) and answers the checkout key', async () => {
    const { userId } = await t.member();
    const order = await t.embedded.commands.payments.createOrder(userId, purpose, 49_900, 'INR');
    expect(order).toEqual({ orderId: expect.stringMatching(/^order_/), amount: 49_900, currency: 'INR', key: KEY_ID });
    expect(fake.received.at(-1)?.body).toMatchObject({ amount: 49_900, currency: 'INR', notes: { kind: 'hackathon-team', listingId: 'hackathon-1', subjectId: 'team-1' } });
    expect(await typesOf(t, order.orderId)).toEqual(['PaymentOrderCreated']);
  });

  it('refuses a tampered signature and somebody else’s order; 5 verifies at once plus 3 webhook replays record one payment', async () => {
    const payer = await t.member();
    const other = await t.member();
    const { orderId } = await t.embedded.commands.payments.createOrder(payer.userId, purpose, 49_900, 'INR');
    const paymentId = 'pay_TestPayment01';
    const signature = hmac(KEY_SECRET, `${orderId}|${paymentId}`);
    const payments = t.embedded.commands.payments;

    await expect(payments.verify(payer.userId, orderId, paymentId, signature.replace(/.$/, (c) => (c === '0' ? '1' : '0')))).rejects.toMatchObject({ kind: 'refused', message: 'Payment verification failed' });
    await expect(payments.verify(other.userId, orderId, paymentId, signature)).rejects.toMatchObject({ kind: 'forbidden' });
    // The browser cannot move the payment to another order it owns: the signature covers the stored order id.
    const { orderId: second } = await payments.createOrder(payer.userId, purpose, 100, 'INR');
    await expect(payments.verify(payer.userId, second, paymentId, signature)).rejects.toMatchObject({ kind: 'refused' });
    expect(await typesOf(t, orderId)).toEqual(['PaymentOrderCreated']);

    const verifies = Array.from({ length: 5 }, () => payments.verify(payer.userId, orderId, paymentId, signature));
    const hooks = Array.from({ length: 3 }, () => webhook('payment.captured', orderId, paymentId));
    const [verified, hooked] = await Promise.all([Promise.all(verifies), Promise.all(hooks)]);
    expect(verified).toEqual(Array(5).fill(purpose));
    expect(hooked.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(await typesOf(t, orderId)).toEqual(['PaymentOrderCreated', 'PaymentVerified']);

    // A failure reported after the payment never takes it back.
    await webhook('payment.failed', orderId, 'pay_Later').expect(200);
    expect(await typesOf(t, orderId)).toEqual(['PaymentOrderCreated', 'PaymentVerified']);
  });

  it('a webhook with a bad signature changes nothing; a captured one completes an order the browser never verified', async () => {
    const payer = await t.member();
    const { orderId } = await t.embedded.commands.payments.createOrder(payer.userId, purpose, 49_900, 'INR');
    const bad = await webhook('payment.captured', orderId, 'pay_X', 'not-the-secret');
    expect([bad.status, bad.body.message]).toEqual([400, 'Invalid webhook signature']);
    expect(await typesOf(t, orderId)).toEqual(['PaymentOrderCreated']);

    await webhook('payment.failed', orderId, 'pay_Declined').expect(200);
    await webhook('payment.failed', orderId, 'pay_Declined').expect(200);
    await webhook('payment.captured', orderId, 'pay_Second').expect(200);
    expect(await typesOf(t, orderId)).toEqual(['PaymentOrderCreated', 'PaymentFailed', 'PaymentVerified']);
    // An order this server never made is acknowledged and ignored.
    await webhook('payment.captured', 'order_Unknown123', 'pay_Y').expect(200);
  });

  it('refunds through the razorpay client: a payment for a team that does not exist is given back once; a retry finds the refund by its receipt; a refusal is recorded', async () => {
    const payer = await t.member();
    const payments = t.embedded.commands.payments;
    const paidOrder = async (paymentId: string) => {
      const { orderId } = await payments.createOrder(payer.userId, purpose, 49_900, 'INR');
      await payments.verify(payer.userId, orderId, paymentId, hmac(KEY_SECRET, `${orderId}|${paymentId}`));
      return orderId;
    };

    // The team of `purpose` does not exist: the team payments process manager refunds the payment.
    const orderId = await paidOrder('pay_RefundMe01');
    const [refunded] = await refundsOn(t, orderId);
    expect(refunded).toMatchObject({ type: 'PaymentRefunded', data: { paymentId: 'pay_RefundMe01', amountMinor: 49_900, refundId: expect.stringMatching(/^rfnd_/) } });
    await payments.refund(orderId, 'asked again');
    const { refundId } = refunded!.data as { refundId: string };
    expect(fake.refunds.filter((r) => r.payment_id === 'pay_RefundMe01')).toEqual([expect.objectContaining({ id: refundId, amount: 49_900, receipt: `refund:${orderId}` })]);
    expect(await refundsOn(t, orderId)).toHaveLength(1);

    // The adapter alone, as after a crash between the gateway's refund and its record: the receipt finds the first refund.
    const gateway = razorpayGateway({ keyId: KEY_ID, keySecret: KEY_SECRET, apiUrl: fake.url });
    const first = await gateway.refund({ paymentId: 'pay_Crash01', amountMinor: 100, receipt: 'refund:order_Crash01' });
    expect(await gateway.refund({ paymentId: 'pay_Crash01', amountMinor: 100, receipt: 'refund:order_Crash01' })).toEqual(first);
    expect(fake.refunds.filter((r) => r.payment_id === 'pay_Crash01')).toHaveLength(1);
    await expect(gateway.refund({ paymentId: 'pay_Crash01', amountMinor: 100, receipt: 'another' })).rejects.toBeInstanceOf(RefundRefusedError);

    // Refunded by someone else at Razorpay beforehand (another receipt): the gateway refuses, the refusal is kept for a person.
    await gateway.refund({ paymentId: 'pay_RefundedElsewhere', amountMinor: 49_900, receipt: 'dashboard' });
    const other = await paidOrder('pay_RefundedElsewhere');
    const [refused] = await refundsOn(t, other);
    expect(refused).toMatchObject({ type: 'PaymentRefundRefused', data: { gatewayMessage: 'The payment has been fully refunded already' } });
  });

  it('five captures of one order at once (webhooks and verifies): one payment, four refunds through the razorpay client, once each', async () => {
    const { refunded } = await fiveCapturesAtOnce(t, async (payer, eventId, orderId) => {
      const paymentId = `pay_${crypto.randomBytes(7).toString('hex')}`;
      const signature = hmac(KEY_SECRET, `${orderId}|${paymentId}`);
      const [hook, verify] = await Promise.all([
        webhook('payment.captured', orderId, paymentId),
        payer.agent.post(`/api/events/${eventId}/verify-payment`).send({ orderId, paymentId, signature }),
      ]);
      expect([hook.status, verify.status]).toEqual([200, 200]);
      return paymentId;
    });
    for (const r of refunded) {
      expect(fake.refunds.filter((f) => f.payment_id === r.paymentId)).toEqual([expect.objectContaining({ id: r.refundId, amount: 25_000, receipt: `refund:${r.paymentId}` })]);
    }
  });

  it('has no sandbox checkout while Razorpay is configured', async () => {
    const payer = await t.member();
    await payer.agent.post('/api/payments/sandbox/order_abc/pay').send({ outcome: 'success' }).expect(404);
  });
});

describe('payments on the sandbox gateway', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.stop());

  it('pays through the sandbox checkout with an answer that verifies like Razorpay’s; only the payer may pay', async () => {
    const payer = await t.member();
    const other = await t.member();
    const payments = t.embedded.commands.payments;
    const counted = { captured: await paymentsCounted(t, 'captured'), failed: await paymentsCounted(t, 'failed'), refunded: await paymentsCounted(t, 'refunded') };
    const order = await payments.createOrder(payer.userId, purpose, 49_900, 'INR');
    expect(order.key).toBe('sandbox');

    await t.request().post(`/api/payments/sandbox/${order.orderId}/pay`).send({ outcome: 'success' }).expect(401);
    await other.agent.post(`/api/payments/sandbox/${order.orderId}/pay`).send({ outcome: 'success' }).expect(403);
    await payer.agent.post(`/api/payments/sandbox/${order.orderId}/pay`).send({ outcome: 'maybe' }).expect(400);

    const declined = await payer.agent.post(`/api/payments/sandbox/${order.orderId}/pay`).send({ outcome: 'failure' }).expect(400);
    expect(declined.body.message).toBe('Payment failed in the sandbox checkout');
    const paid = await payer.agent.post(`/api/payments/sandbox/${order.orderId}/pay`).send({ outcome: 'success' }).expect(200);
    const { razorpay_order_id, razorpay_payment_id, razorpay_signature } = paid.body.data;
    expect(razorpay_order_id).toBe(order.orderId);
    // Recorded at once, as a webhook would: a closed tab loses nothing.
    expect(await typesOf(t, order.orderId)).toEqual(['PaymentOrderCreated', 'PaymentFailed', 'PaymentVerified']);
    await expect(payments.verify(payer.userId, razorpay_order_id, razorpay_payment_id, razorpay_signature)).resolves.toEqual(purpose);
    await expect(payments.verify(payer.userId, razorpay_order_id, razorpay_payment_id, `x${razorpay_signature.slice(1)}`)).rejects.toMatchObject({ kind: 'refused' });
    expect(await typesOf(t, order.orderId)).toEqual(['PaymentOrderCreated', 'PaymentFailed', 'PaymentVerified']);
    // Counted once each, the verify repeated above included; the refund of this team-less payment follows.
    expect({ captured: await paymentsCounted(t, 'captured'), failed: await paymentsCounted(t, 'failed') }).toEqual({ captured: counted.captured + 1, failed: counted.failed + 1 });
    await waitFor(async () => (await paymentsCounted(t, 'refunded')) === counted.refunded + 1, { message: 'the refund counted' });
  });

  it('five sandbox checkouts of one order at once: one payment, four refunds, and every verify answers 200', async () => {
    await fiveCapturesAtOnce(t, async (payer, eventId, orderId) => {
      const paid = await payer.agent.post(`/api/payments/sandbox/${orderId}/pay`).send({ outcome: 'success' }).expect(200);
      const { razorpay_payment_id: paymentId, razorpay_signature: signature } = paid.body.data as { razorpay_payment_id: string; razorpay_signature: string };
      await payer.agent.post(`/api/events/${eventId}/verify-payment`).send({ orderId, paymentId, signature }).expect(200);
      return paymentId;
    });
  });
});
