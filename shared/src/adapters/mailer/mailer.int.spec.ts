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
