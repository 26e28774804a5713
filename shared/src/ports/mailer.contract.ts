import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mail, Mailbox, Mailer } from './mailer';

/**
 * The contract every Mailer adapter passes. The harness gives the adapter and a way to see what
 * was delivered (the dev mailbox itself, or the SMTP server the adapter sent to).
 */
export interface MailerHarness {
  mailer: Mailer;
  /** Every mail delivered so far, in any order. */
  delivered(): Promise<Mail[]>;
  cleanup(): Promise<void>;
}

let counter = 0;
function uniqueAddress(label: string): string {
  counter += 1;
  return `${label}.${process.pid}.${Date.now().toString(36)}.${counter}@example.test`;
}

export function mailerContract(name: string, factory: () => Promise<MailerHarness>): void {
  describe(`Mailer contract: ${name}`, () => {
    let h: MailerHarness;
    beforeAll(async () => {
      h = await factory();
    });
    afterAll(async () => {
      await h?.cleanup();
    });

    const deliveredTo = async (to: string) => (await h.delivered()).filter((m) => m.to.toLowerCase() === to.toLowerCase());

    it('delivers a mail with its recipient, subject, text and html intact', async () => {
      const to = uniqueAddress('asha');
      const mail: Mail = {
        to,
        subject: 'Your Circuit code: 482913',
        text: 'Hi Asha,\n\nYour one-time code is 482913. It expires in 10 minutes.\n',
        html: '<p>Hi Asha,</p><p>Your one-time code is <b>482913</b>. It expires in 10 minutes.</p>',
      };
      await h.mailer.send(mail);
      const got = await deliveredTo(to);
      expect(got).toHaveLength(1);
      expect(got[0]).toMatchObject({ subject: mail.subject, html: mail.html });
      expect(got[0]!.text.trimEnd()).toBe(mail.text.trimEnd());
    });

    it('keeps non-ASCII text, long lines and lines that start with a dot', async () => {
      const to = uniqueAddress('ravi');
      const longLine = 'x'.repeat(300);
      const mail: Mail = {
        to,
        subject: 'Hackathon “Build for Bharat” — नमस्ते ✓',
        text: `Line one\n.a line that starts with a dot\n..two dots\n${longLine}\nकोड: ₹499`,
        html: `<p>नमस्ते ✓ ₹499</p>\n<p>${longLine}</p>`,
      };
      await h.mailer.send(mail);
      const [got] = await deliveredTo(to);
      expect(got?.subject).toBe(mail.subject);
      expect(got?.text.trimEnd()).toBe(mail.text);
      expect(got?.html.trimEnd()).toBe(mail.html);
    });

    it('carries the extra header fields (one-click unsubscribe) and adds none to a mail without them', async () => {
      const to = uniqueAddress('headers');
      const headers = {
        'List-Unsubscribe': '<https://circuit.test/api/unsubscribe/abc.def>',
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      };
      await h.mailer.send({ to, subject: 'Reminder', text: 't', html: '<p>t</p>', headers });
      const [got] = await deliveredTo(to);
      const lowerCased = Object.fromEntries(Object.entries(got?.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v]));
      expect(lowerCased).toMatchObject({ 'list-unsubscribe': headers['List-Unsubscribe'], 'list-unsubscribe-post': headers['List-Unsubscribe-Post'] });

      const plain = uniqueAddress('plain');
      await h.mailer.send({ to: plain, subject: 'Your code', text: 't', html: '<p>t</p>' });
      const [without] = await deliveredTo(plain);
      expect(Object.keys(without?.headers ?? {}).map((k) => k.toLowerCase())).not.toContain('list-unsubscribe');
    });

    it('delivers every one of several mails sent at once', async () => {
      const to = uniqueAddress('team');
      await Promise.all([1, 2, 3, 4, 5].map((n) => h.mailer.send({ to, subject: `Update ${n}`, text: `n=${n}`, html: `<p>n=${n}</p>` })));
      const got = await deliveredTo(to);
      expect(got.map((m) => m.subject).sort()).toEqual(['Update 1', 'Update 2', 'Update 3', 'Update 4', 'Update 5']);
    });
  });
}

/** The dev mailbox's reading side (GET /dev/mailbox). */
export function mailboxContract(name: string, factory: () => Promise<{ mailer: Mailer; mailbox: Mailbox; cleanup(): Promise<void> }>): void {
  describe(`Mailbox contract: ${name}`, () => {
    let h: { mailer: Mailer; mailbox: Mailbox; cleanup(): Promise<void> };
    beforeAll(async () => {
      h = await factory();
    });
    afterAll(async () => {
      await h?.cleanup();
    });

    it('lists mail newest first, with the time it was sent', async () => {
      const to = uniqueAddress('order');
      const before = Date.now();
      for (const n of [1, 2, 3]) await h.mailer.send({ to, subject: `Mail ${n}`, text: `${n}`, html: `<p>${n}</p>` });
      const listed = await h.mailbox.list({ to });
      expect(listed.map((m) => m.subject)).toEqual(['Mail 3', 'Mail 2', 'Mail 1']);
      for (const m of listed) {
        expect(new Date(m.sentAt).toISOString()).toBe(m.sentAt);
        expect(Date.parse(m.sentAt)).toBeGreaterThanOrEqual(before - 5_000);
        expect(Date.parse(m.sentAt)).toBeLessThanOrEqual(Date.now() + 5_000);
      }
      const all = await h.mailbox.list();
      expect(all[0]?.subject).toBe('Mail 3');
    });

    it('filters by recipient case-insensitively and ignores surrounding spaces', async () => {
      const to = uniqueAddress('Meera.Iyer');
      const other = uniqueAddress('someone');
      await h.mailer.send({ to, subject: 'For Meera', text: 't', html: '<p>t</p>' });
      await h.mailer.send({ to: other, subject: 'For someone else', text: 't', html: '<p>t</p>' });
      for (const query of [to, to.toUpperCase(), to.toLowerCase(), `  ${to}  `]) {
        const listed = await h.mailbox.list({ to: query });
        expect(listed.map((m) => m.subject)).toEqual(['For Meera']);
      }
      const mixedCaseSent = uniqueAddress('Dev');
      await h.mailer.send({ to: mixedCaseSent.toUpperCase(), subject: 'Upper', text: 't', html: '<p>t</p>' });
      expect((await h.mailbox.list({ to: mixedCaseSent })).map((m) => m.subject)).toEqual(['Upper']);
    });

    it('answers an empty list for a recipient with no mail', async () => {
      expect(await h.mailbox.list({ to: uniqueAddress('nobody') })).toEqual([]);
    });
  });
}
