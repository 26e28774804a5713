import Razorpay from 'razorpay';
import type { PaymentGateway } from '../../ports/payments';
import { hmacHex, sameSignature } from './signatures';

export interface RazorpaySettings {
  keyId: string;
  keySecret: string;
  webhookSecret?: string;
  /** Where Razorpay's API lives; tests point it at a local fake of the orders API. */
  apiUrl?: string;
}

/** Razorpay through its own client library (orders.create); signatures as its docs define them. */
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
  };
}
