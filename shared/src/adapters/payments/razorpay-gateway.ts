import Razorpay from 'razorpay';
import { RefundRefusedError, type PaymentGateway } from '../../ports/payments';
import { hmacHex, sameSignature } from './signatures';

export interface RazorpaySettings {
  keyId: string;
  keySecret: string;
  webhookSecret?: string;
  /** Where Razorpay's API lives; tests point it at a local fake of the orders API. */
  apiUrl?: string;
}

/**
 * Razorpay through its own client library (orders.create, payments.refund); signatures as its docs
 * define them.
 */
export function razorpayGateway(settings: RazorpaySettings): PaymentGateway {
  const client = new Razorpay({ key_id: settings.keyId, key_secret: settings.keySecret });
  if (settings.apiUrl) {
    // The client keeps its axios instance on `api.rq`; its base URL is the only thing a test changes.
    const api = (client as unknown as { api: { rq: { defaults: { baseURL?: string } } } }).api;
    api.rq.defaults.baseURL = settings.apiUrl;
  }
  return {
    provider: 'razorpay',
    keyId: settings.keyId,
    async createOrder({ amountMinor, currency, receipt, notes }) {
      const order = await client.orders.create({ amount: amountMinor, currency, receipt, notes });
      return { orderId: String(order.id) };
    },
    verifyCheckoutSignature: (orderId, paymentId, signature) => sameSignature(hmacHex(settings.keySecret, `${orderId}|${paymentId}`), signature),
    verifyWebhookSignature: (rawBody, signature) => Boolean(settings.webhookSecret) && sameSignature(hmacHex(settings.webhookSecret!, rawBody), signature),
    async refund({ paymentId, amountMinor, receipt, notes }) {
      // The client library sends no idempotency header, so a retry looks for the refund its receipt names first.
      try {
        const earlier = await client.payments.fetchMultipleRefund(paymentId, { count: 100 });
        const made = earlier.items.find((item) => item.receipt === receipt);
        if (made) return { refundId: made.id };
        const refund = await client.payments.refund(paymentId, { amount: amountMinor, speed: 'normal', receipt, notes });
        return { refundId: refund.id };
      } catch (error) {
        throw refusal(error) ?? error;
      }
    },
  };
}

/** The client library rejects with `{ statusCode, error: { description } }` for an answer of the API. */
function refusal(error: unknown): RefundRefusedError | undefined {
  if (typeof error !== 'object' || error === null || !('statusCode' in error)) return undefined;
  const { statusCode, error: body } = error as { statusCode: unknown; error?: { description?: unknown } };
  if (typeof statusCode !== 'number' || statusCode < 400 || statusCode >= 500 || statusCode === 429) return undefined;
  return new RefundRefusedError(typeof body?.description === 'string' ? body.description : `HTTP ${statusCode}`);
}
