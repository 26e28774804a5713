import type { Config } from '@circuit/shared/config';
import type { EventStore } from '@circuit/shared/ports/event-store';
import type { Logger } from '@circuit/shared/logger';
import type { AccountService } from '../accounts/account-service';

export const DEMO_PASSWORD = 'demo12345';

export const DEMO_USERS = [
  { username: 'aarav_dev', email: 'aarav@circuit.local', firstName: 'Aarav', lastName: 'Sharma' },
  { username: 'priya_codes', email: 'priya@circuit.local', firstName: 'Priya', lastName: 'Nair' },
  { username: 'rahul_builds', email: 'rahul@circuit.local', firstName: 'Rahul', lastName: 'Verma' },
  { username: 'sneha_ml', email: 'sneha@circuit.local', firstName: 'Sneha', lastName: 'Iyer' },
  { username: 'kabir_ops', email: 'kabir@circuit.local', firstName: 'Kabir', lastName: 'Mehta' },
] as const;

/** Loads demo content on the first start of an empty store, outside production only. */
export async function seedIfEmpty(deps: { config: Config; store: EventStore; accounts: AccountService; log: Logger }): Promise<boolean> {
  const { config } = deps;
  if (config.NODE_ENV === 'production' || config.SEED === 'false') return false;
  if ((await deps.store.headPosition()) > 0n) return false;
  const ctx = { correlationId: 'seed' };
  await deps.accounts.register(
    {
      username: config.SEED_MODERATOR_USERNAME,
      email: config.SEED_MODERATOR_EMAIL,
      password: config.SEED_MODERATOR_PASSWORD,
      firstName: 'Maya',
      lastName: 'Moderator',
      role: 'moderator',
      emailVerified: true,
    },
    ctx,
  );
  await deps.accounts.register(
    {
      username: config.SEED_ADMIN_USERNAME,
      email: config.SEED_ADMIN_EMAIL,
      password: config.SEED_ADMIN_PASSWORD,
      firstName: 'Ada',
      lastName: 'Admin',
      role: 'admin',
      emailVerified: true,
    },
    ctx,
  );
  for (const user of DEMO_USERS) {
    await deps.accounts.register({ ...user, password: DEMO_PASSWORD, emailVerified: true }, ctx);
  }
  deps.log.info({ users: DEMO_USERS.length + 2 }, 'seeded demo data');
  return true;
}
