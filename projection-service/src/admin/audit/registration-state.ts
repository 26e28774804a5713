import type { Knex } from 'knex';
import type { RegistrationState } from '@circuit/shared/api/admin-audit';

export function labelOf(state: Omit<RegistrationState, 'label'>): string {
  if (!state.registered) return 'not registered';
  if (state.paymentStatus === 'pending') return 'payment pending';
  if (state.paymentStatus === 'failed') return 'payment failed';
  return 'registration completed';
}

/** Every field empty: the state before a registration, or after it ended. */
export const NOT_REGISTERED = { registered: false, teamId: null, teamStatus: null, paymentStatus: null, attempt: null } as const;

/** A kind's registrations as the list shows them, from its registrations table (`idColumn` names the listing) and its listing table. */
export const registrationsList = (knex: Knex, registrations: string, listings: string, idColumn: string) =>
  knex(`${registrations} as p`)
    .leftJoin(`${listings} as l`, 'l.id', `p.${idColumn}`)
    .select(`p.${idColumn} as listing_id`, 'l.title as listing_title', 'p.user_id', 'p.registered_at', 'p.payment_status');
