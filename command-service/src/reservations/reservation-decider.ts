import { conflict } from '@circuit/shared/commands/domain-errors';
import type { AccountEventOf, ReservationKind } from '@circuit/shared/events/accounts';
import type { Decider } from '@circuit/shared/commands/decider';

/**
 * A name (username, e-mail, OAuth identity) held by one user across every stream: the reservation
 * stream is appended with the revision it was read at, so of simultaneous claims exactly one wins.
 */
export type { ReservationKind };
export interface ReservationState {
  owner: string | null;
}
export type ReservationCommand =
  | {
      type: 'Reserve';
      kind: ReservationKind;
      value: string;
      userId: string;
      takenMessage: string;
      /** An owner whose sign-up died between claiming the name and opening the account (the service establishes it). */
      abandonedBy?: string | null;
    }
  | { type: 'Release'; kind: ReservationKind; value: string; userId: string };
export type ReservationEvent = AccountEventOf<'NameReserved'> | AccountEventOf<'NameReservationReleased'>;

export const reservationDecider: Decider<ReservationState, ReservationCommand, ReservationEvent> = {
  initialState: () => ({ owner: null }),
  evolve(state, event) {
    switch (event.type) {
      case 'NameReserved':
        return { owner: event.data.userId };
      case 'NameReservationReleased':
        return state.owner === event.data.userId ? { owner: null } : state;
      default:
        return state;
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'Reserve':
        if (state.owner === command.userId) return [];
        if (state.owner && state.owner === command.abandonedBy) {
          return [
            { type: 'NameReservationReleased', data: { kind: command.kind, value: command.value, userId: state.owner } },
            { type: 'NameReserved', data: { kind: command.kind, value: command.value, userId: command.userId } },
          ];
        }
        if (state.owner) throw conflict(command.takenMessage);
        return [{ type: 'NameReserved', data: { kind: command.kind, value: command.value, userId: command.userId } }];
      case 'Release':
        if (state.owner !== command.userId) return [];
        return [{ type: 'NameReservationReleased', data: { kind: command.kind, value: command.value, userId: command.userId } }];
    }
  },
};
