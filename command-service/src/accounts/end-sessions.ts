import { endSessionsOf, SessionTopics, type SessionsEnded } from '@circuit/shared/http/session';
import type { CommandServiceDeps } from '../context';

type Deps = Pick<CommandServiceDeps, 'knex' | 'bus' | 'log'>;

/** Tells every realtime instance to close the sockets of ended sessions. */
export async function announceSessionsEnded(deps: Deps, ended: SessionsEnded): Promise<void> {
  if (ended.sids.length === 0) return;
  await deps.bus.publish(SessionTopics.ended, ended).catch((err: unknown) => deps.log.warn({ err }, 'could not announce ended sessions'));
}

/**
 * Ends a user's sessions (all, or all but `except`) and their sockets: after a password change or
 * reset, and when staff suspend the account.
 */
export async function endSessionsEverywhere(deps: Deps, userId: string, options: { except?: string } = {}): Promise<void> {
  await announceSessionsEnded(deps, { userId, sids: await endSessionsOf(deps.knex, userId, options) });
}
