import { loadFresh } from '@circuit/shared/commands/fresh-states';
import { userStream, type AccountEventOf } from '@circuit/shared/events/accounts';
import type { EventStore } from '@circuit/shared/ports/event-store';
import type { Voter } from './vote-decider';

/**
 * Whether a voter's account exists and is verified, and when it was created, folded from the
 * account's own stream (never the users read model): the vote decider admits verified voters only
 * and records the creation time for the read side's new-account flag.
 */
type VoterEvent = AccountEventOf<'UserRegistered' | 'EmailVerified' | 'SignUpWithdrawn'>;
interface VoterState {
  exists: boolean;
  verified: boolean;
  createdAt: string;
}

const voterFold = {
  initialState: (): VoterState => ({ exists: false, verified: false, createdAt: '' }),
  evolve(state: VoterState, event: VoterEvent): VoterState {
    switch (event.type) {
      case 'UserRegistered':
        return { exists: true, verified: event.data.emailVerified, createdAt: event.data.registeredAt };
      case 'EmailVerified':
        return { ...state, verified: true };
      case 'SignUpWithdrawn':
        return voterFold.initialState();
      default:
        return state;
    }
  },
  decide: (): never[] => [],
};

export async function voterOf(store: EventStore, userId: string): Promise<Voter> {
  const state = await loadFresh(store, userStream(userId), voterFold);
  return { userId, verified: state.exists && state.verified, accountCreatedAt: state.createdAt || new Date(0).toISOString() };
}
