import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { ticketMail } from './ticket-mail';

describe('the ticket mail', () => {
  it('carries a QR code that a door scanner reads as the ticket token', async () => {
    const token = 'v1.eyJ0IjoidGlja2V0LTEifQ.c2lnbmF0dXJl';
    const listing = { title: 'Demo night', link: 'http://localhost:3000/events/demo-night', startsAt: '2026-12-01T12:00:00.000Z', timeZone: 'Asia/Kolkata', venue: 'Hall 1' };
    const mail = await ticketMail('a@example.org', 'Asha', listing, token, 'ticket-1', 'http://localhost:3000');
    const attachment = mail.attachments?.[0];
    expect(attachment).toMatchObject({ contentType: 'image/png', cid: 'ticket-ticket-1' });
    const image = PNG.sync.read(Buffer.from(attachment!.content, 'base64'));
    expect(jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data).toBe(token);
  });
});
