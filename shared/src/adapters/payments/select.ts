import type { Config } from '../../config';
import type { PaymentGateway } from '../../ports/payments';
import { razorpayGateway } from './razorpay-gateway';
import { sandboxGateway } from './sandbox-gateway';

/**
 * Razorpay when its keys are set, else the sandbox outside production. Production without keys
 * has no gateway: payment calls answer 503 rather than take play money.
 */
export function selectPaymentGateway(config: Config): PaymentGateway | null {
  if (config.RAZORPAY_KEY_ID && config.RAZORPAY_KEY_SECRET) {
    return razorpayGateway({ keyId: config.RAZORPAY_KEY_ID, keySecret: config.RAZORPAY_KEY_SECRET, webhookSecret: config.RAZORPAY_WEBHOOK_SECRET, apiUrl: config.RAZORPAY_API_URL });
  }
  return config.NODE_ENV === 'production' ? null : sandboxGateway(config.sessionSecret);
}
