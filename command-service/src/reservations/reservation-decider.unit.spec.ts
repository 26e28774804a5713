import { describe, expect, it } from 'vitest';
import { AccountEventSchemas } from '@circuit/shared/events/accounts';
import { given } from '@circuit/shared/testkit/given-when-then';
import { reservationDecider, type ReservationCommand, type ReservationEvent } from './reservation-decider';

const TAKEN = 'Username is already taken';

const reserved = (userId: string, value = 'asha_dev'): ReservationEvent => ({
  type: 'NameReserved',
  data: { kind: 'username', value, userId },
});
const released = (userId: string, value = 'asha_dev'): ReservationEvent => ({
  type: 'NameReservationReleased',
  data: { kind: 'username', value, userId },
});
const reserve = (userId: string, takenMessage = TAKEN): Extract<ReservationCommand, { type: 'Reserve' }> => ({
  type: 'Reserve',
  kind: 'username',
  value: 'asha_dev',
  userId,
  takenMessage,
});
const release = (userId: string): ReservationCommand => ({ type: 'Release', kind: 'username', value: 'asha_dev', userId });

describe('reservation decider', () => {
  describe('Reserve', () => {
    it('claims a free name for the user', () => {
      const events = given(reservationDecider, []).when(reserve('u1')).then([reserved('u1')]);
      for (const e of events) expect(AccountEventSchemas[e.type].safeParse(e.data).success).toBe(true);
    });

    it('refuses a name held by another user with 409 and the message it was given', () => {
      given(reservationDecider, [reserved('u1')]).when(reserve('u2')).thenThrows('conflict', TAKEN);
      given(reservationDecider, [reserved('u1')])
        .when(reserve('u2', 'An account with this email already exists'))
        .thenThrows('conflict', 'An account with this email already exists');
    });

    it('is idempotent for the owner: claiming again records nothing', () => {
      given(reservationDecider, [reserved('u1')]).when(reserve('u1')).then([]);
    });

    it('takes over a name whose owner the service found abandoned, releasing it first', () => {
      given(reservationDecider, [reserved('ghost')])
        .when({ ...reserve('u2'), abandonedBy: 'ghost' })
        .then([released('ghost'), reserved('u2')]);
    });

    it('does not take over when the abandoned owner named is not the holder', () => {
      given(reservationDecider, [reserved('u1')]).when({ ...reserve('u2'), abandonedBy: 'ghost' }).thenThrows('conflict', TAKEN);
    });

    it('lets another user claim a name once its owner released it', () => {
      given(reservationDecider, [reserved('u1'), released('u1')]).when(reserve('u2')).then([reserved('u2')]);
    });

    it('keeps the owner when a release names someone else', () => {
      const spec = given(reservationDecider, [reserved('u1'), released('u2')]);
      expect(spec.state()).toEqual({ owner: 'u1' });
      spec.when(reserve('u2')).thenThrows('conflict', TAKEN);
    });
  });

  describe('Release', () => {
    it('frees a name held by the user', () => {
      const spec = given(reservationDecider, [reserved('u1')]).when(release('u1'));
      spec.then([released('u1')]);
      expect(spec.stateAfter()).toEqual({ owner: null });
    });

    it('does nothing when the releaser is not the owner', () => {
      const spec = given(reservationDecider, [reserved('u1')]).when(release('u2'));
      spec.then([]);
      expect(spec.stateAfter()).toEqual({ owner: 'u1' });
    });

    it('does nothing for a name nobody holds', () => {
      given(reservationDecider, []).when(release('u1')).then([]);
      given(reservationDecider, [reserved('u1'), released('u1')]).when(release('u1')).then([]);
    });
  });
});
