import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '@circuit/shared/ports/event-store';
import { accountMails } from './account-mail-process-manager';

const now = new Date('2025-03-01T10:00:00.000Z');
const later = '2025-03-01T10:10:00.000Z';
const earlier = '2025-03-01T09:50:00.000Z';
const recorded = (type: string, data: object): RecordedEvent => ({ id: 'e1', type, data, metadata: {}, occurredAt: now.toISOString(), streamId: 'user-u1', revision: 0, position: 1n });
const otp = (expiresAt: string) => recorded('OtpIssued', { purpose: 'login', codeHash: 'h', sealedCode: 'sealed', issuedAt: now.toISOString(), expiresAt });
const reset = (expiresAt: string) => recorded('PasswordResetRequested', { tokenHash: 'h', sealedToken: 'sealed', requestedAt: now.toISOString(), expiresAt });

describe('account mail rules', () => {
  it('mails a code or a reset link while it is valid, to the user of the stream', () => {
    expect(accountMails(otp(later), now)).toEqual([{ kind: 'code', userId: 'u1', purpose: 'login', sealedCode: 'sealed' }]);
    expect(accountMails(reset(later), now)).toEqual([{ kind: 'reset', userId: 'u1', sealedToken: 'sealed' }]);
  });

  it('mails nothing once it has expired, nor for other events', () => {
    expect(accountMails(otp(earlier), now)).toEqual([]);
    expect(accountMails(reset(earlier), now)).toEqual([]);
    expect(accountMails(recorded('OtpConsumed', { purpose: 'login', at: now.toISOString() }), now)).toEqual([]);
  });
});
