import type { Knex } from 'knex';
import type { EventStore, RecordedEvent, Subscription } from '@circuit/shared/ports/event-store';
import type { Mailer } from '@circuit/shared/ports/mailer';
import type { Logger } from '@circuit/shared/logger';
import { AccountEventSchemas, userStream } from '@circuit/shared/events/accounts';
import { unseal } from '@circuit/shared/crypto/secrets';
import { passwordResetMail, signInCodeMail, verificationCodeMail } from './account-mail';
import { saveCheckpoint, subscribeFromCheckpoint } from '../process-managers/checkpoints';

const NAME = 'account_mail';

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
    this.subscription = await subscribeFromCheckpoint({ knex: this.knex, store: this.store }, NAME, {
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
    await saveCheckpoint(this.knex, NAME, event.position);
  }
}
