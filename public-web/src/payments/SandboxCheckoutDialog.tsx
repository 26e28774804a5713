import { useState } from 'react';
import type { CheckoutResult } from '@circuit/shared/api/payments';
import { api, messageOf } from '../auth/apiClient';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';
import { CheckoutError, sandboxCheckout, type PendingSandboxCheckout } from './checkout';
import { formatAmount } from './SandboxCheckoutHost';

/**
 * The sandbox gateway's checkout: what Razorpay Checkout is in production, with play money. It
 * pays through the server (POST /api/payments/sandbox/{orderId}/pay), which signs the answer as
 * Razorpay would and records the payment at once.
 */
export function SandboxCheckoutDialog({ request }: { request: PendingSandboxCheckout }) {
  const [busy, setBusy] = useState<'success' | 'failure' | null>(null);
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    request.reject(new CheckoutError('dismissed', 'Payment cancelled'));
    setError(null);
    sandboxCheckout.settle();
  };

  async function pay(outcome: 'success' | 'failure') {
    setBusy(outcome);
    setError(null);
    try {
      const res = await api.post<CheckoutResult>(`/api/payments/sandbox/${encodeURIComponent(request.order.orderId)}/pay`, { outcome });
      request.resolve(res.data!);
      sandboxCheckout.settle();
    } catch (err) {
      const message = messageOf(err, 'Payment failed');
      if (outcome === 'failure') {
        request.reject(new CheckoutError('failed', message));
        sandboxCheckout.settle();
      } else setError(message);
    } finally {
      setBusy(null);
    }
  }

  const { order, prefill, description } = request;
  return (
    <Dialog
      open
      onClose={close}
      busy={busy !== null}
      size="sm"
      title="Sandbox checkout"
      description="Test payments: no money moves. Production uses Razorpay Checkout."
      footer={
        <>
          <Button variant="ghost" onClick={close} disabled={busy !== null}>
            Cancel
          </Button>
          <Button variant="secondary" onClick={() => pay('failure')} disabled={busy !== null}>
            {busy === 'failure' ? 'Declining...' : 'Simulate failure'}
          </Button>
          <Button onClick={() => pay('success')} disabled={busy !== null}>
            {busy === 'success' ? 'Paying...' : `Pay ${formatAmount(order.amount, order.currency)}`}
          </Button>
        </>
      }
    >
      <dl className="space-y-3 rounded-xl border border-blue-100 bg-blue-50 p-4 text-sm">
        <div className="flex justify-between gap-4">
          <dt className="text-slate-600">For</dt>
          <dd className="text-right font-medium text-slate-900">{description}</dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="text-slate-600">Amount</dt>
          <dd className="text-lg font-semibold text-blue-700">{formatAmount(order.amount, order.currency)}</dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="text-slate-600">Paying as</dt>
          <dd className="text-right text-slate-900">
            {prefill.name}
            {prefill.email && <span className="block text-slate-500">{prefill.email}</span>}
            {prefill.contact && <span className="block text-slate-500">{prefill.contact}</span>}
          </dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="text-slate-600">Order</dt>
          <dd className="font-mono text-xs text-slate-500">{order.orderId}</dd>
        </div>
      </dl>
      {error && (
        <p role="alert" className="mt-3 text-sm text-red-600">
          {error}
        </p>
      )}
    </Dialog>
  );
}
