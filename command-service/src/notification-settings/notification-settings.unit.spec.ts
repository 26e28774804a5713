import { describe, expect, it } from 'vitest';
import { DomainError } from '@circuit/shared/commands/domain-errors';
import { settingsDecider, isOn, type SettingsEvent } from './settings-decider';
import { readUnsubscribeToken, UNSUBSCRIBE_LINK_INVALID, unsubscribeToken } from './unsubscribe-token';

const now = new Date('2026-11-28T10:00:00.000Z');
const fold = (events: SettingsEvent[]) => events.reduce(settingsDecider.evolve, settingsDecider.initialState());

describe('settings decider', () => {
  it('records only the switches that change, so a repeated request appends nothing', () => {
    const off = settingsDecider.decide({ type: 'Change', userId: 'u1', settings: [{ kind: 'reminder_starts_1h', channel: 'email', enabled: false }], via: 'settings', now }, settingsDecider.initialState());
    expect(off.map((e) => e.data)).toEqual([{ userId: 'u1', kind: 'reminder_starts_1h', channel: 'email', enabled: false, via: 'settings', at: now.toISOString() }]);
    const state = fold(off);
    expect(isOn(state, 'reminder_starts_1h', 'email')).toBe(false);
    expect(isOn(state, 'reminder_starts_1h', 'notification')).toBe(true);
    expect(settingsDecider.decide({ type: 'Change', userId: 'u1', settings: [{ kind: 'reminder_starts_1h', channel: 'email', enabled: false }, { kind: 'announcement', channel: 'email', enabled: true }], via: 'unsubscribe', now }, state)).toEqual([]);
  });

  it('refuses a switch the kind does not have', () => {
    const decide = () => settingsDecider.decide({ type: 'Change', userId: 'u1', settings: [{ kind: 'listing_review', channel: 'notification', enabled: false }], via: 'settings', now }, settingsDecider.initialState());
    expect(decide).toThrow(DomainError);
    expect(decide).toThrow('“Listing reviews” is sent only by email, so it has no notification switch');
  });
});

describe('unsubscribe token', () => {
  const secret = 'a-session-secret';
  const token = unsubscribeToken('Asha@Example.test', 'reminder_starts_24h', secret);

  it('names the address (lower-cased) and the kind of mail', () => {
    expect(readUnsubscribeToken(token, secret)).toEqual({ email: 'asha@example.test', kind: 'reminder_starts_24h' });
  });

  it('cannot be turned into one for another address or another kind, nor made without the secret', () => {
    const [, mac] = token.split('.');
    const forged = (payload: object) => `${Buffer.from(JSON.stringify(payload)).toString('base64url')}.${mac}`;
    for (const altered of [forged({ e: 'ravi@example.test', k: 'reminder_starts_24h' }), forged({ e: 'asha@example.test', k: 'announcement' }), `${token}x`, token.slice(0, -3), 'nodot', `${token}.more`]) {
      expect(() => readUnsubscribeToken(altered, secret)).toThrow(UNSUBSCRIBE_LINK_INVALID);
    }
    expect(() => readUnsubscribeToken(token, 'another-secret')).toThrow(UNSUBSCRIBE_LINK_INVALID);
  });
});
