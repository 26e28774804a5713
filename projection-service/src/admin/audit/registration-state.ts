import type { RegistrationState } from '@circuit/shared/api/admin-audit';

export function labelOf(state: Omit<RegistrationState, 'label'>): string {
  if (!state.registered) return 'not registered';
  if (state.paymentStatus === 'pending') return 'payment pending';
  if (state.paymentStatus === 'failed') return 'payment failed';
  return 'registration completed';
}

/** Every field empty: the state before a registration, or after it ended. */
export const NOT_REGISTERED = { registered: false, teamId: null, teamStatus: null, paymentStatus: null, attempt: null } as const;
