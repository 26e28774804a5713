import type { CheckoutResult, PaymentOrder } from '@circuit/shared/api/payments';

/**
 * Opens the checkout for an order the server created and resolves with what the checkout hands
 * the browser (`razorpay_payment_id`, `razorpay_order_id`, `razorpay_signature`), which the
 * feature's verify-payment call then proves on the server. Razorpay Checkout when the order's key
 * is a Razorpay key; the sandbox checkout (SandboxCheckoutHost) when the server runs the sandbox
 * gateway. Rejects with a CheckoutError when the payer closes it or the payment fails.
 */
export interface CheckoutRequest {
  order: PaymentOrder;
  prefill: { name: string; email: string; contact: string };
  description: string;
}

export class CheckoutError extends Error {
  constructor(
    readonly reason: 'dismissed' | 'failed' | 'unavailable',
    message: string,
  ) {
    super(message);
    this.name = 'CheckoutError';
  }
}

export const SANDBOX_KEY = 'sandbox';
/** The spec's checkout theme colour: blue. */
export const CHECKOUT_THEME_COLOR = '#2563eb';

export function payWithCheckout(request: CheckoutRequest): Promise<CheckoutResult> {
  return request.order.key === SANDBOX_KEY ? openSandbox(request) : openRazorpay(request);
}

// Sandbox: one pending request at a time, shown by SandboxCheckoutHost (mounted in the shell).
export interface PendingSandboxCheckout extends CheckoutRequest {
  resolve(result: CheckoutResult): void;
  reject(error: CheckoutError): void;
}
let pending: PendingSandboxCheckout | null = null;
const listeners = new Set<() => void>();

export const sandboxCheckout = {
  current: () => pending,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  settle() {
    pending = null;
    for (const l of listeners) l();
  },
};

function openSandbox(request: CheckoutRequest): Promise<CheckoutResult> {
  pending?.reject(new CheckoutError('dismissed', 'Payment cancelled'));
  return new Promise<CheckoutResult>((resolve, reject) => {
    pending = { ...request, resolve, reject };
    for (const l of listeners) l();
  });
}

// Razorpay Checkout -------------------------------------------------------------------------

interface RazorpayInstance {
  open(): void;
  on(event: 'payment.failed', handler: (response: { error?: { description?: string } }) => void): void;
}
type RazorpayConstructor = new (options: Record<string, unknown>) => RazorpayInstance;

let scriptLoading: Promise<RazorpayConstructor> | null = null;

function loadRazorpay(): Promise<RazorpayConstructor> {
  const existing = (window as unknown as { Razorpay?: RazorpayConstructor }).Razorpay;
  if (existing) return Promise.resolve(existing);
  scriptLoading ??= new Promise<RazorpayConstructor>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = 'https://checkout.razorpay.com/v1/checkout.js';
    script.async = true;
    script.onload = () => {
      const loaded = (window as unknown as { Razorpay?: RazorpayConstructor }).Razorpay;
      if (loaded) resolve(loaded);
      else reject(new CheckoutError('unavailable', 'Failed to initiate payment'));
    };
    script.onerror = () => {
      scriptLoading = null;
      reject(new CheckoutError('unavailable', 'Failed to initiate payment'));
    };
    document.head.appendChild(script);
  });
  return scriptLoading;
}

async function openRazorpay({ order, prefill, description }: CheckoutRequest): Promise<CheckoutResult> {
  const Razorpay = await loadRazorpay();
  return new Promise<CheckoutResult>((resolve, reject) => {
    const checkout = new Razorpay({
      key: order.key,
      amount: order.amount,
      currency: order.currency,
      order_id: order.orderId,
      name: 'Circuit',
      description,
      prefill,
      theme: { color: CHECKOUT_THEME_COLOR },
      handler: (response: CheckoutResult) => resolve(response),
      modal: { ondismiss: () => reject(new CheckoutError('dismissed', 'Payment cancelled')) },
    });
    checkout.on('payment.failed', (response) => reject(new CheckoutError('failed', response.error?.description ?? 'Payment failed')));
    checkout.open();
  });
}
