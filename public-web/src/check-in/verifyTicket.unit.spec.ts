import { getPublicKeyAsync, signAsync, utils } from '@noble/ed25519';
import { describe, expect, it } from 'vitest';
import type { CheckInAttendee } from '@circuit/shared/api/check-in';
import { base64url, unsignedTicket, type TicketPayload } from '@circuit/shared/tickets/ticket-token';
import { verifyTicket } from './verifyTicket';

const secret = utils.randomSecretKey();
const otherSecret = utils.randomSecretKey();
const encoder = new TextEncoder();

async function ticket(payload: TicketPayload, key = secret) {
  const unsigned = unsignedTicket(payload);
  return `${unsigned}.${base64url(await signAsync(encoder.encode(unsigned), key))}`;
}

const anya: CheckInAttendee = { userId: 'u1', name: 'Anya Rao', username: 'anya_r', email: 'anya@example.test', ticketId: 't1', teamName: null, checkedInAt: null, checkedInBy: null };
const payload: TicketPayload = { t: 't1', k: 'event', l: 'ev1', u: 'u1', n: 'Anya Rao' };

async function board() {
  return { publicKey: base64url(await getPublicKeyAsync(secret)), attendees: [anya], listing: { kind: 'event' as const, id: 'ev1' } };
}

describe('verifyTicket, offline', () => {
  it('accepts a ticket the key signed for this listing and someone on its list', async () => {
    const check = await verifyTicket(await ticket(payload), await board());
    expect(check).toMatchObject({ ok: true, attendee: { userId: 'u1' } });
  });

  it('refuses a ticket signed by another key (forged)', async () => {
    expect(await verifyTicket(await ticket(payload, otherSecret), await board())).toMatchObject({ ok: false, reason: 'forged' });
  });

  it('refuses a signed ticket whose payload was altered afterwards', async () => {
    const [prefix, , signature] = (await ticket(payload)).split('.');
    const altered = unsignedTicket({ ...payload, u: 'u2', n: 'Someone Else' }).split('.')[1];
    expect(await verifyTicket(`${prefix}.${altered}.${signature}`, await board())).toMatchObject({ ok: false, reason: 'forged' });
  });

  it('refuses a genuine ticket of another listing, and one for someone not on the list', async () => {
    expect(await verifyTicket(await ticket({ ...payload, l: 'ev2' }), await board())).toMatchObject({ ok: false, reason: 'other-listing' });
    expect(await verifyTicket(await ticket({ ...payload, k: 'quiz' }), await board())).toMatchObject({ ok: false, reason: 'other-listing' });
    expect(await verifyTicket(await ticket({ ...payload, u: 'u9' }), await board())).toMatchObject({ ok: false, reason: 'not-on-list' });
  });

  it('says a text that is not a ticket is unreadable', async () => {
    for (const text of ['', 'hello', 'CT1.abc', 'CT2.e30.AAAA', `${unsignedTicket(payload)}.short`]) {
      expect(await verifyTicket(text, await board())).toMatchObject({ ok: false, reason: 'unreadable' });
    }
  });
});
