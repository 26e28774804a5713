import type { Decider } from '@circuit/shared/commands/decider';
import type { Role } from '@circuit/shared/events/accounts';
import type { DomainEvent } from '@circuit/shared/events/catalogue';
import { conflict, forbidden, unprocessable } from '@circuit/shared/commands/domain-errors';

/**
 * Role changes, suspension and reinstatement of an account by staff (`user-standing-<id>`).
 * Who the actor and target are (their roles, how many active admins there are) comes from their
 * own streams (standing-service.ts), passed in; this decides what is allowed.
 */
export type StandingEvent = DomainEvent<'UserRoleChanged' | 'UserSuspended' | 'UserReinstated'>;

export interface StandingState {
  suspended: boolean;
}

interface Person {
  userId: string;
  role: Role;
}

export type StandingCommand =
  | { type: 'ChangeRole'; actor: Person; target: Person; role: Role; now: Date }
  | { type: 'Suspend'; actor: Person; target: Person; reason: string; activeAdmins: number; now: Date }
  | { type: 'Reinstate'; actor: Person; target: Person; reason: string; now: Date };

export const StandingMessages = {
  ownRole: 'You cannot change your own role',
  ownSuspension: 'You cannot suspend yourself',
  grantAdmin: 'Only admins can grant the admin role',
  touchAdmin: 'Only admins can change an admin’s role or suspend an admin',
  lastAdmin: 'The last admin cannot be suspended',
} as const;


export const standingDecider: Decider<StandingState, StandingCommand, StandingEvent> = {
  initialState: () => ({ suspended: false }),
  evolve(state, event) {
    switch (event.type) {
      case 'UserSuspended':
        return { suspended: true };
      case 'UserReinstated':
        return { suspended: false };
      case 'UserRoleChanged':
        return state;
    }
  },
  decide(command, state) {
    const { actor, target } = command;
    const by = { userId: target.userId, byUserId: actor.userId, at: command.now.toISOString() };
    if (target.role === 'admin' && actor.role !== 'admin') throw forbidden(StandingMessages.touchAdmin);
    switch (command.type) {
      case 'ChangeRole':
        if (actor.userId === target.userId) throw unprocessable(StandingMessages.ownRole);
        if (command.role === 'admin' && actor.role !== 'admin') throw forbidden(StandingMessages.grantAdmin);
        if (command.role === target.role) return [];
        return [{ type: 'UserRoleChanged', data: { ...by, role: command.role, previousRole: target.role } }];
      case 'Suspend':
        if (actor.userId === target.userId) throw unprocessable(StandingMessages.ownSuspension);
        if (state.suspended) return [];
        if (target.role === 'admin' && command.activeAdmins <= 1) throw conflict(StandingMessages.lastAdmin);
        return [{ type: 'UserSuspended', data: { ...by, reason: command.reason } }];
      case 'Reinstate':
        if (!state.suspended) return [];
        return [{ type: 'UserReinstated', data: { ...by, reason: command.reason } }];
    }
  },
};
