import crypto from 'node:crypto';
import type { SandboxGateway } from '../../ports/payments';
import { hmacHex, sameSignature } from './signatures';

/**
 * The embedded mode's gateway: real order ids and real signatures with a local secret, so the
 * very verification code of production runs here; the web app's sandbox checkout pays through
 * POST /api/payments/sandbox/{orderId}/pay.
 */
export function sandboxGateway(secret: string): SandboxGateway {
  const keySecret = hmacHex(secret, 'circuit-sandbox-payments');
  return {
    provider: 'sandbox',
    keyId: 'sandbox',
    async createOrder() {
      return { orderId: `order_${crypto.randomBytes(7).toString('hex')}` };
    },
    signCheckout: (orderId, paymentId) => hmacHex(keySecret, `${orderId}|${paymentId}`),
    verifyCheckoutSignature: (orderId, paymentId, signature) => sameSignature(hmacHex(keySecret, `${orderId}|${paymentId}`), signature),
    // The sandbox has no webhook of its own: its pay route records the payment as a webhook would.
    verifyWebhookSignature: () => false,
    // Play money goes back at once; one receipt names one refund.
    async refund({ receipt }) {
      return { refundId: `rfnd_${hmacHex(keySecret, receipt).slice(0, 14)}` };
    },
  };
}
