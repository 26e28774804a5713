import { describe, expect, it } from 'vitest';
import type { AccountEvent } from '@circuit/shared/events/accounts';
import { given } from '@circuit/shared/testkit/given-when-then';
import { accountDecider } from '../accounts/account-decider';
import { profileDecider, type ProfileCommand, type UserStreamEvent } from './profile-decider';

const NOW = new Date('2025-03-01T10:00:00.000Z');
const AT = NOW.toISOString();

const registered: AccountEvent = {
  type: 'UserRegistered',
  data: {
    userId: 'u-1',
    username: 'asha_dev',
    email: 'asha@example.com',
    firstName: 'Asha',
    lastName: 'Rao',
    passwordHash: 'hash',
    role: 'user',
    emailVerified: true,
    registeredAt: '2025-02-01T10:00:00.000Z',
  },
};

const update = (changes: Extract<ProfileCommand, { type: 'UpdateProfile' }>['changes']): ProfileCommand => ({ type: 'UpdateProfile', changes, now: NOW });

describe('profile decider', () => {
  it('records only the fields that were sent', () => {
    given(profileDecider, [registered])
      .when(update({ firstName: 'Asha', lastName: 'Rao', tagline: 'Builder', country: 'India', state: 'Kerala', address: 'Kochi' }))
      .then([
        {
          type: 'ProfileUpdated',
          data: { changes: { firstName: 'Asha', lastName: 'Rao', tagline: 'Builder', country: 'India', state: 'Kerala', address: 'Kochi' }, at: AT },
        },
      ]);
  });

  it('sanitises the bio: no <script>, no event handler attributes, no javascript: links', () => {
    const bio =
      '<p onclick="steal()">Hi <b>there</b><script>alert(1)</script><img src="https://x.test/a.png" onerror="alert(2)">' +
      '<a href="javascript:alert(3)">click</a> <a href="https://ok.test">ok</a><style>p{}</style></p>';
    const [event] = given(profileDecider, [registered]).when(update({ bio })).events();
    expect(event?.type).toBe('ProfileUpdated');
    const stored = event?.type === 'ProfileUpdated' ? (event.data.changes.bio ?? '') : '';
    expect(stored).not.toMatch(/<script|alert\(1\)|onerror|onclick|javascript:|<style/i);
    expect(stored).toContain('<b>there</b>');
    expect(stored).toContain('href="https://ok.test"');
    expect(stored).toContain('<img src="https://x.test/a.png" />');
  });

  it('drops empty social links and clears the state when the country is no longer India', () => {
    given(profileDecider, [registered])
      .when(update({ country: 'Other', socialLinks: { github: 'https://github.com/asha', linkedin: '' } }))
      .then([{ type: 'ProfileUpdated', data: { changes: { country: 'Other', state: '', socialLinks: { github: 'https://github.com/asha' } }, at: AT } }]);
  });

  it('refuses an unknown user with 404', () => {
    given(profileDecider, []).when(update({ firstName: 'X' })).thenThrows('not_found', 'User not found');
    given(profileDecider, []).when({ type: 'ChangeProfilePicture', url: '/uploads/profile-pictures/a.png', now: NOW }).thenThrows('not_found', 'User not found');
  });

  it('records a new profile picture and remembers it', () => {
    const url = '/uploads/profile-pictures/0b8e8b3e-8f0e-4b55-9d43-0f2a4c5b6d7e.png';
    const step = given(profileDecider, [registered]).when({ type: 'ChangeProfilePicture', url, now: NOW });
    step.then([{ type: 'ProfilePictureChanged', data: { url, at: AT } }]);
    expect(step.stateAfter().profilePicture).toBe(url);
  });

  it('shares the user stream with the account decider: each ignores the events of the other', () => {
    const history: UserStreamEvent[] = [
      registered,
      { type: 'ProfileUpdated', data: { changes: { tagline: 'x' }, at: AT } },
      { type: 'EmailVerified', data: { at: AT } },
      { type: 'ProfilePictureChanged', data: { url: '/uploads/profile-pictures/p.png', at: AT } },
    ];
    expect(given(profileDecider, history).state()).toEqual({ exists: true, profilePicture: '/uploads/profile-pictures/p.png' });
    const accountState = history.reduce((s, e) => accountDecider.evolve(s, e as AccountEvent), accountDecider.initialState());
    expect(accountState).toMatchObject({ exists: true, username: 'asha_dev', emailVerified: true });
  });
});
