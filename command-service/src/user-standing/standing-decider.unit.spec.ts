import { describe, expect, it } from 'vitest';
import { given } from '@circuit/shared/testkit/given-when-then';
import { standingDecider, type StandingEvent } from './standing-decider';

const NOW = new Date('2026-11-25T10:00:00.000Z');
const AT = NOW.toISOString();
const admin = { userId: 'u-admin', role: 'admin' as const };
const moderator = { userId: 'u-mod', role: 'moderator' as const };
const ada = { userId: 'u-ada', role: 'user' as const };
const suspended: StandingEvent = { type: 'UserSuspended', data: { userId: 'u-ada', byUserId: 'u-mod', reason: 'Spam', at: AT } };

describe('standing decider', () => {
  it('changes a role, naming who did it; the same role again records nothing', () => {
    given(standingDecider, []).when({ type: 'ChangeRole', actor: moderator, target: ada, role: 'auditor', now: NOW }).then([
      { type: 'UserRoleChanged', data: { userId: 'u-ada', byUserId: 'u-mod', at: AT, role: 'auditor', previousRole: 'user' } },
    ]);
    given(standingDecider, []).when({ type: 'ChangeRole', actor: moderator, target: ada, role: 'user', now: NOW }).then([]);
  });

  it('refuses a change of one’s own role, and admin rights from anyone but an admin', () => {
    given(standingDecider, []).when({ type: 'ChangeRole', actor: moderator, target: moderator, role: 'user', now: NOW }).thenThrows('unprocessable', 'You cannot change your own role');
    given(standingDecider, []).when({ type: 'ChangeRole', actor: moderator, target: ada, role: 'admin', now: NOW }).thenThrows('forbidden', 'Only admins can grant the admin role');
    given(standingDecider, []).when({ type: 'ChangeRole', actor: moderator, target: admin, role: 'user', now: NOW }).thenThrows('forbidden');
    given(standingDecider, []).when({ type: 'ChangeRole', actor: admin, target: ada, role: 'admin', now: NOW }).then((events) => expect(events).toHaveLength(1));
  });

  it('suspends with a reason once; reinstates only a suspended account', () => {
    given(standingDecider, []).when({ type: 'Suspend', actor: moderator, target: ada, reason: 'Spam', activeAdmins: 1, now: NOW }).then([suspended]);
    given(standingDecider, [suspended]).when({ type: 'Suspend', actor: moderator, target: ada, reason: 'Spam', activeAdmins: 1, now: NOW }).then([]);
    given(standingDecider, []).when({ type: 'Reinstate', actor: moderator, target: ada, reason: 'Appealed', now: NOW }).then([]);
    given(standingDecider, [suspended]).when({ type: 'Reinstate', actor: moderator, target: ada, reason: 'Appealed', now: NOW }).then([
      { type: 'UserReinstated', data: { userId: 'u-ada', byUserId: 'u-mod', reason: 'Appealed', at: AT } },
    ]);
  });

  it('refuses to suspend oneself, an admin (to a moderator) and the last admin', () => {
    given(standingDecider, []).when({ type: 'Suspend', actor: moderator, target: moderator, reason: 'x', activeAdmins: 2, now: NOW }).thenThrows('unprocessable', 'You cannot suspend yourself');
    given(standingDecider, []).when({ type: 'Suspend', actor: moderator, target: admin, reason: 'x', activeAdmins: 2, now: NOW }).thenThrows('forbidden');
    const other = { userId: 'u-admin-2', role: 'admin' as const };
    given(standingDecider, []).when({ type: 'Suspend', actor: admin, target: other, reason: 'x', activeAdmins: 1, now: NOW }).thenThrows('conflict', 'The last admin cannot be suspended');
    given(standingDecider, []).when({ type: 'Suspend', actor: admin, target: other, reason: 'x', activeAdmins: 2, now: NOW }).then((events) => expect(events).toHaveLength(1));
  });
});
