import type { Knex } from 'knex';
import type { EventStore, RecordedEvent, Subscription } from '@circuit/shared/ports/event-store';
import type { Mailer } from '@circuit/shared/ports/mailer';
import type { Logger } from '@circuit/shared/logger';
import { AccountEventSchemas, userStream } from '@circuit/shared/events/accounts';
import { unseal } from '@circuit/shared/crypto/secrets';
import { migrate } from '@circuit/shared/db/migrations';
import { passwordResetMail, signInCodeMail, verificationCodeMail } from './account-mail';

const NAME = 'account_mail';
const TABLE = 'process_manager_checkpoints';

export async function migrateProcessManagers(knex: Knex): Promise<void> {
  await migrate(knex, 'process_managers', [
    {
      name: '001_checkpoints',
      up: (k) =>
        k.schema.createTable(TABLE, (t) => {
          t.text('name').primary();
          t.bigInteger('position').notNullable();
        }),
    },
  ]);
}

/**
 * Mails the codes and reset links that account events ask for. Its checkpoint moves after each
 * mail, so a restart resends at most the one mail in flight; codes already expired are not sent.
 * Other events only pass by: after a restart they are read again and skipped.
 */
export class AccountMailProcessManager {
  private subscription: Subscription | undefined;

  constructor(
    private readonly knex: Knex,
    private readonly store: EventStore,
    private readonly mailer: Mailer,
    private readonly options: { secret: string; publicUrl: string; log: Logger; now?: () => Date },
  ) {}

  async start(): Promise<void> {
    const row = await this.knex(TABLE).where({ name: NAME }).first('position');
    let after = BigInt((row as { position?: number | string } | undefined)?.position ?? -1);
    if (after < 0n) {
      // First start: mail what happens from now on, and remember that point across restarts.
      after = await this.store.headPosition();
      await this.knex(TABLE).insert({ name: NAME, position: after.toString() }).onConflict('name').ignore();
    }
    this.subscription = this.store.subscribe({
      after,
      onEvent: (event) => this.handle(event),
      onError: (error) => this.options.log.error({ err: error }, 'account mail failed; retrying'),
    });
  }

  async stop(): Promise<void> {
    await this.subscription?.stop();
  }

  private async recipient(userId: string): Promise<{ email: string; firstName: string }> {
    const events = await this.store.readStream(userStream(userId));
    const registered = events.find((e) => e.type === 'UserRegistered');
    const data = AccountEventSchemas.UserRegistered.parse(registered?.data);
    return { email: data.email, firstName: data.firstName };
  }

  async handle(event: RecordedEvent): Promise<void> {
    const now = this.options.now?.() ?? new Date();
    const userId = event.streamId.slice('user-'.length);
    if (event.type === 'OtpIssued') {
      const data = AccountEventSchemas.OtpIssued.parse(event.data);
      if (new Date(data.expiresAt) > now) {
        const { email, firstName } = await this.recipient(userId);
        const code = unseal(data.sealedCode, this.options.secret);
        await this.mailer.send(data.purpose === 'login' ? signInCodeMail(email, firstName, code) : verificationCodeMail(email, firstName, code));
      }
    } else if (event.type === 'PasswordResetRequested') {
      const data = AccountEventSchemas.PasswordResetRequested.parse(event.data);
      if (new Date(data.expiresAt) > now) {
        const { email, firstName } = await this.recipient(userId);
        const token = unseal(data.sealedToken, this.options.secret);
        await this.mailer.send(passwordResetMail(email, firstName, `${this.options.publicUrl}/reset-password/${encodeURIComponent(token)}`));
      }
    } else {
      return;
    }
    await this.knex(TABLE).insert({ name: NAME, position: event.position.toString() }).onConflict('name').merge();
  }
}
