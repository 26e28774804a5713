import { lazy, Suspense, useSyncExternalStore } from 'react';
import { sandboxCheckout } from './checkout';

/** Amount in the smallest unit -> "₹499.00". */
export function formatAmount(amountMinor: number, currency: string): string {
  try {
    return new Intl.NumberFormat('en-IN', { style: 'currency', currency }).format(amountMinor / 100);
  } catch {
    return `${(amountMinor / 100).toFixed(2)} ${currency}`;
  }
}

// The checkout's store stays here, in the shell, so the payment screens and this host share one; only the
// dialog, shown once a payment starts, loads then.
const SandboxCheckoutDialog = lazy(async () => ({ default: (await import('./SandboxCheckoutDialog')).SandboxCheckoutDialog }));

/** Shows the sandbox checkout (./SandboxCheckoutDialog) while a payment through the sandbox gateway is pending. */
export function SandboxCheckoutHost() {
  const request = useSyncExternalStore(sandboxCheckout.subscribe, sandboxCheckout.current, () => null);
  if (!request) return null;
  return (
    <Suspense fallback={null}>
      <SandboxCheckoutDialog request={request} />
    </Suspense>
  );
}
