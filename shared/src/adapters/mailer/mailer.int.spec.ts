import { describe, expect, it } from 'vitest';
import { createKnex } from '../../db/knex';
import { mailboxContract, mailerContract } from '../../ports/mailer.contract';
import { FakeSmtpServer } from '../../testkit/fake-smtp-server';
import { createTestSchema, testDatabaseUrl } from '../../testkit/postgres';
import { describeWhen } from '../../testkit/skip';
import { DevMailbox } from './dev-mailbox';
import { SmtpMailer } from './smtp-mailer';

async function devMailboxOnPglite() {
  const knex = await createKnex({ kind: 'pglite' });
  const mailbox = await DevMailbox.create(knex);
  return { mailbox, cleanup: () => knex.destroy() };
}

mailerContract('dev mailbox on PGlite', async () => {
  const { mailbox, cleanup } = await devMailboxOnPglite();
  return { mailer: mailbox, delivered: () => mailbox.list(), cleanup };
});
mailboxContract('dev mailbox on PGlite', async () => {
  const { mailbox, cleanup } = await devMailboxOnPglite();
  return { mailer: mailbox, mailbox, cleanup };
});

describeWhen('dev mailbox on Postgres', testDatabaseUrl(), (url) => {
  mailboxContract('dev mailbox on Postgres', async () => {
    const db = await createTestSchema({ url, label: 'mailbox' });
    const mailbox = await DevMailbox.create(db.knex);
    return { mailer: mailbox, mailbox, cleanup: db.cleanup };
  });
});

mailerContract('SMTP (nodemailer) against an in-test SMTP server', async () => {
  const server = await FakeSmtpServer.start();
  const mailer = new SmtpMailer(server.url, 'Circuit <no-reply@circuit.test>');
  return {
    mailer,
    delivered: async () =>
      server.received.map((m) => ({ to: m.recipients.join(', '), subject: m.subject, text: m.text ?? '', html: m.html ?? '', headers: m.headers })),
    cleanup: async () => {
      mailer.close();
      await server.close();
    },
  };
});

describe('SMTP mailer', () => {
  it('sends from the configured sender to the recipient over a real socket', async () => {
    const server = await FakeSmtpServer.start();
    const mailer = new SmtpMailer(server.url, 'Circuit <no-reply@circuit.test>');
    try {
      await mailer.verify();
      await mailer.send({ to: 'Asha@Example.test', subject: 'Welcome', text: 'Hello', html: '<p>Hello</p>' });
      const [mail] = await server.waitForCount(1);
      expect(mail?.from).toBe('no-reply@circuit.test');
      // nodemailer lowercases the domain; the local part is kept as written.
      expect(mail?.recipients.map((r) => r.toLowerCase())).toEqual(['asha@example.test']);
      expect(mail?.headers.from).toContain('no-reply@circuit.test');
      expect(mail?.headers.to?.toLowerCase()).toContain('asha@example.test');
      expect(mail?.headers['message-id']).toMatch(/^<.+@.+>$/);
    } finally {
      mailer.close();
      await server.close();
    }
  });

  it('carries an image the HTML shows in place (a ticket’s QR code), and the dev mailbox keeps it whole', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex').toString('base64');
    const mail = { to: 'asha@example.test', subject: 'Your ticket', text: 'Ticket', html: '<img src="cid:ticket-1">', attachments: [{ filename: 'ticket-1.png', contentType: 'image/png', content: png, cid: 'ticket-1' }] };
    const server = await FakeSmtpServer.start();
    const mailer = new SmtpMailer(server.url, 'Circuit <no-reply@circuit.test>');
    try {
      await mailer.send(mail);
      const [received] = await server.waitForCount(1);
      expect(received?.raw).toMatch(/Content-ID: <ticket-1>/i);
      expect(received?.raw).toMatch(/Content-Type: image\/png/i);
    } finally {
      mailer.close();
      await server.close();
    }
    const { mailbox, cleanup } = await devMailboxOnPglite();
    try {
      await mailbox.send(mail);
      expect((await mailbox.list())[0]?.attachments).toEqual(mail.attachments);
    } finally {
      await cleanup();
    }
  });

  it('fails the send when the server refuses the recipient', async () => {
    const server = await FakeSmtpServer.start({ rejectRecipient: (address) => address.endsWith('@blocked.test') });
    const mailer = new SmtpMailer(server.url, 'Circuit <no-reply@circuit.test>');
    try {
      await expect(mailer.send({ to: 'x@blocked.test', subject: 's', text: 't', html: '<p>t</p>' })).rejects.toThrow(/550|rejected/i);
      expect(server.received).toHaveLength(0);
    } finally {
      mailer.close();
      await server.close();
    }
  });

  it('fails the send when no SMTP server listens', async () => {
    const server = await FakeSmtpServer.start();
    const url = server.url;
    await server.close();
    const mailer = new SmtpMailer(`${url}?connectionTimeout=2000`, 'Circuit <no-reply@circuit.test>');
    try {
      await expect(mailer.send({ to: 'a@example.test', subject: 's', text: 't', html: '<p>t</p>' })).rejects.toThrow();
    } finally {
      mailer.close();
    }
  });
});
