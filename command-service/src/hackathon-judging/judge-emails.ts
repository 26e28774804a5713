import { userStream, type AccountEventOf } from '@circuit/shared/events/accounts';
import { loadFresh } from '@circuit/shared/commands/fresh-states';
import type { CommandServiceDeps } from '../context';
import { reservationDecider } from '../reservations/reservation-decider';
import { reservationStreams } from '../reservations/reservation-streams';
import type { ResolvedEmails } from './judging-fold';

/**
 * Who an invitation by e-mail names now: the account holding the address (its reservation stream)
 * once that account's e-mail is verified (its user stream). Read at command time from the streams,
 * so an invitation takes effect the moment the invitee signs up and verifies, with nothing appended.
 */

type VerifiedEvent = AccountEventOf<'UserRegistered' | 'EmailVerified' | 'SignUpWithdrawn'>;

const verifiedEmail = {
  initialState: (): { email: string; verified: boolean } => ({ email: '', verified: false }),
  evolve(state: { email: string; verified: boolean }, event: VerifiedEvent) {
    switch (event.type) {
      case 'UserRegistered':
        return { email: event.data.email.trim().toLowerCase(), verified: event.data.emailVerified };
      case 'EmailVerified':
        return { ...state, verified: true };
      case 'SignUpWithdrawn':
        return { email: '', verified: false };
      default:
        return state;
    }
  },
  decide: (): never[] => [],
};

export async function resolveEmails({ store, config }: Pick<CommandServiceDeps, 'store' | 'config'>, emails: readonly string[]): Promise<ResolvedEmails> {
  const streamOf = reservationStreams(config);
  const pairs = await Promise.all(
    emails.map(async (email) => {
      const { owner } = await loadFresh(store, await streamOf('email', email), reservationDecider);
      if (!owner) return null;
      const account = await loadFresh(store, userStream(owner), verifiedEmail);
      return account.verified && account.email === email ? ([email, owner] as const) : null;
    }),
  );
  return Object.fromEntries(pairs.filter((pair) => pair !== null));
}
