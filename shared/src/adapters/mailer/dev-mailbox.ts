import type { Knex } from 'knex';
import { z } from 'zod';
import type { Mail, MailAttachment, Mailbox, Mailer, SentMail } from '../../ports/mailer';
import { migrate } from '../../db/migrations';

const TABLE = 'dev_mailbox';

const Headers = z.record(z.string(), z.string());
/** The jsonb column as the driver gives it back (an object on Postgres, text on some drivers). */
const headersOf = (value: unknown): Record<string, string> => Headers.catch({}).parse(typeof value === 'string' ? JSON.parse(value) : value);

/** Mail kept in the database instead of sent (no SMTP_URL): read at GET /dev/mailbox outside production. */
export class DevMailbox implements Mailer, Mailbox {
  private constructor(private readonly knex: Knex) {}

  static async create(knex: Knex): Promise<DevMailbox> {
    await migrate(knex, 'dev_mailbox', [
      {
        name: '001_dev_mailbox',
        up: async (k) => {
          await k.schema.createTable(TABLE, (t) => {
            t.bigIncrements('id').primary();
            t.text('to').notNullable().index();
            t.text('subject').notNullable();
            t.text('text').notNullable();
            t.text('html').notNullable();
            t.timestamp('sent_at', { useTz: true }).notNullable().defaultTo(k.fn.now());
          });
        },
      },
      {
        // The extra header fields (List-Unsubscribe and the like), so a test or a person can see them.
        name: '002_headers',
        up: async (k) => {
          await k.schema.alterTable(TABLE, (t) => {
            t.jsonb('headers').notNullable().defaultTo('{}');
          });
        },
      },
      {
        // What a mail carries (a ticket's QR code), kept whole: a test or a developer opens it.
        name: '003_dev_mailbox_attachments',
        up: async (k) => {
          await k.schema.alterTable(TABLE, (t) => {
            t.jsonb('attachments');
          });
        },
      },
    ]);
    return new DevMailbox(knex);
  }

  async send(mail: Mail): Promise<void> {
    await this.knex(TABLE).insert({
      to: mail.to.toLowerCase(),
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      headers: JSON.stringify(mail.headers ?? {}),
      attachments: mail.attachments ? JSON.stringify(mail.attachments) : null,
    });
  }

  async forget(address: string): Promise<void> {
    await this.knex(TABLE).where('to', address.trim().toLowerCase()).del();
  }

  async list(filter: { to?: string } = {}): Promise<SentMail[]> {
    const q = this.knex(TABLE).select('*').orderBy('id', 'desc').limit(200);
    if (filter.to) q.where('to', filter.to.trim().toLowerCase());
    const rows: { to: string; subject: string; text: string; html: string; headers: unknown; attachments: MailAttachment[] | string | null; sent_at: Date | string }[] = await q;
    return rows.map((r) => ({
      to: r.to,
      subject: r.subject,
      text: r.text,
      html: r.html,
      headers: headersOf(r.headers),
      ...(r.attachments ? { attachments: typeof r.attachments === 'string' ? (JSON.parse(r.attachments) as MailAttachment[]) : r.attachments } : {}),
      sentAt: new Date(r.sent_at).toISOString(),
    }));
  }
}
