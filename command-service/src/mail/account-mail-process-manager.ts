import type { Knex } from 'knex';
import type { EventStore, RecordedEvent } from '@circuit/shared/ports/event-store';
import type { Mailer } from '@circuit/shared/ports/mailer';
import type { Logger } from '@circuit/shared/logger';
import { AccountEventSchemas } from '@circuit/shared/events/accounts';
import type { EventData } from '@circuit/shared/events/catalogue';
import { unseal } from '@circuit/shared/crypto/secrets';
import { ProcessManager, type ReactionEffects } from '../process-managers/process-manager';
import { erasureCodeMail, passwordResetMail, signInCodeMail, verificationCodeMail } from './account-mail';
import { registeredAccount } from './recipient';

/** A mail an account event asks for, still sealed: only the effects hold the secret. */
export type AccountMail =
  | { kind: 'code'; userId: string; purpose: EventData<'OtpIssued'>['purpose']; sealedCode: string }
  | { kind: 'reset'; userId: string; sealedToken: string };

/** A code or a reset link is mailed only while it is still valid at `now`; an expired one would be of no use. */
export function accountMails(event: RecordedEvent, now: Date): AccountMail[] {
  const userId = event.streamId.slice('user-'.length);
  if (event.type === 'OtpIssued') {
    const { expiresAt, purpose, sealedCode } = AccountEventSchemas.OtpIssued.parse(event.data);
    return new Date(expiresAt) > now ? [{ kind: 'code', userId, purpose, sealedCode }] : [];
  }
  if (event.type === 'PasswordResetRequested') {
    const { expiresAt, sealedToken } = AccountEventSchemas.PasswordResetRequested.parse(event.data);
    return new Date(expiresAt) > now ? [{ kind: 'reset', userId, sealedToken }] : [];
  }
  return [];
}

function accountMailEffects(mailer: Mailer, store: EventStore, options: { secret: string; publicUrl: string }): ReactionEffects<AccountMail> {
  return {
    async carryOut(mail) {
      const account = await registeredAccount(store, mail.userId);
      // Thrown, not skipped: a code is only issued to a registered user, so this is a fault to retry and see in the logs.
      if (!account) throw new Error(`user ${mail.userId} has no UserRegistered event`);
      const { email, firstName } = account;
      if (mail.kind === 'code') {
        const code = unseal(mail.sealedCode, options.secret);
        const codeMail = { login: signInCodeMail, verify_email: verificationCodeMail, erase_account: erasureCodeMail }[mail.purpose];
        await mailer.send(codeMail(email, firstName, code));
      } else {
        const token = unseal(mail.sealedToken, options.secret);
        await mailer.send(passwordResetMail(email, firstName, `${options.publicUrl}/reset-password/${encodeURIComponent(token)}`));
      }
    },
  };
}

/**
 * Mails the codes and reset links that account events ask for. Its checkpoint moves after each
 * mail, so a restart resends at most the one mail in flight; codes already expired are not sent.
 * Other events only pass by: after a restart they are read again and skipped.
 */
export class AccountMailProcessManager extends ProcessManager<AccountMail> {
  constructor(knex: Knex, store: EventStore, mailer: Mailer, options: { secret: string; publicUrl: string; log: Logger; now?: () => Date }) {
    const now = options.now ?? (() => new Date());
    super({
      name: 'account_mail',
      label: 'account mail',
      deps: { knex, store, log: options.log },
      reactionsTo: (event) => accountMails(event, now()),
      effects: accountMailEffects(mailer, store, options),
    });
  }
}
