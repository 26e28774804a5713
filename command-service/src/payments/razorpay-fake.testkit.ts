import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for Razorpay's orders and refunds APIs (POST /v1/orders, POST
 * /v1/payments/:id/refund, GET /v1/payments/:id/refunds), written from Razorpay's API reference:
 * Basic auth with the key id and secret, amounts in the smallest unit, and the entities it answers.
 * Records what it was sent, so tests can see the real client library's requests.
 */
export async function startRazorpayFake(keyId: string, keySecret: string) {
  const received: { auth: string | undefined; body: Record<string, unknown> }[] = [];
  const refunds: { id: string; payment_id: string; amount: number; receipt: string | null; notes: unknown }[] = [];
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const auth = req.headers.authorization;
      res.setHeader('Content-Type', 'application/json');
      if (auth !== `Basic ${Buffer.from(`${keyId}:${keySecret}`).toString('base64')}`) {
        res.statusCode = 401;
        res.end(JSON.stringify({ error: { code: 'BAD_REQUEST_ERROR', description: 'Authentication failed', source: 'NA', step: 'NA', reason: 'NA', metadata: {} } }));
        return;
      }
      const refundsOf = /^\/v1\/payments\/(pay_[A-Za-z0-9]+)\/refunds?(\?.*)?$/.exec(req.url ?? '');
      if (refundsOf) {
        const paymentId = refundsOf[1]!;
        if (req.method === 'GET') {
          const items = refunds.filter((r) => r.payment_id === paymentId).map((r) => ({ ...r, entity: 'refund', currency: 'INR', status: 'processed', speed_requested: 'normal' }));
          res.end(JSON.stringify({ entity: 'collection', count: items.length, items }));
          return;
        }
        const body = JSON.parse(raw || '{}') as { amount?: number; receipt?: string; notes?: unknown };
        received.push({ auth, body });
        if (refunds.some((r) => r.payment_id === paymentId)) {
          res.statusCode = 400;
          res.end(JSON.stringify({ error: { code: 'BAD_REQUEST_ERROR', description: 'The payment has been fully refunded already' } }));
          return;
        }
        const refund = { id: `rfnd_${crypto.randomBytes(7).toString('hex')}`, payment_id: paymentId, amount: Number(body.amount), receipt: body.receipt ?? null, notes: body.notes ?? [] };
        refunds.push(refund);
        res.end(JSON.stringify({ ...refund, entity: 'refund', currency: 'INR', status: 'processed', speed_requested: 'normal', created_at: Math.floor(Date.now() / 1000) }));
        return;
      }
      if (req.method !== 'POST' || req.url !== '/v1/orders') {
        res.statusCode = 404;
        res.end(JSON.stringify({ error: { code: 'BAD_REQUEST_ERROR', description: 'The requested URL was not found on the server.' } }));
        return;
      }
      const body = JSON.parse(raw || '{}') as Record<string, unknown>;
      received.push({ auth, body });
      const amount = Number(body.amount);
      if (!Number.isInteger(amount) || amount < 100) {
        res.statusCode = 400;
        res.end(JSON.stringify({ error: { code: 'BAD_REQUEST_ERROR', description: 'Order amount less than minimum amount allowed', field: 'amount' } }));
        return;
      }
      res.end(
        JSON.stringify({
          id: `order_${crypto.randomBytes(7).toString('base64url').replace(/[^A-Za-z0-9]/g, 'x')}`,
          entity: 'order',
          amount,
          amount_paid: 0,
          amount_due: amount,
          currency: body.currency ?? 'INR',
          receipt: body.receipt ?? null,
          offer_id: null,
          status: 'created',
          attempts: 0,
          notes: body.notes ?? [],
          created_at: Math.floor(Date.now() / 1000),
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, received, refunds, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
