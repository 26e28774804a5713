import { Router } from 'express';
import type { Mailbox } from '@circuit/shared/ports/mailer';
import type { CommandServiceDeps } from './context';
import { createAccountService } from './accounts/account-service';
import { authRoutes } from './accounts/auth-routes';
import { oauthRoutes } from './accounts/oauth-routes';
import { AccountMailProcessManager, migrateProcessManagers } from './mail/account-mail-process-manager';
import { devMailboxRoutes } from './dev-mailbox-routes';

/** The write side: every POST/PUT/PATCH/DELETE of /api, /api/auth/*, and the process managers. */
export async function createCommandService(deps: CommandServiceDeps & { mailbox?: Mailbox }) {
  await migrateProcessManagers(deps.knex);
  const accounts = createAccountService(deps);
  const mail = new AccountMailProcessManager(deps.knex, deps.store, deps.mailer, {
    secret: deps.config.sessionSecret,
    publicUrl: deps.config.publicUrl,
    log: deps.log,
    now: deps.now,
  });

  const router = Router();
  router.use('/api/auth', oauthRoutes(deps, accounts));
  router.use('/api/auth', authRoutes(deps, accounts));
  if (deps.mailbox && deps.config.NODE_ENV !== 'production') router.use('/dev', devMailboxRoutes(deps.mailbox));

  return {
    router,
    accounts,
    start: () => mail.start(),
    stop: () => mail.stop(),
  };
}
export type CommandService = Awaited<ReturnType<typeof createCommandService>>;
