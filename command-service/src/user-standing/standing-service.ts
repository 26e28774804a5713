import { handleCommand, loadState, type CommandContext } from '@circuit/shared/commands/decider';
import { RoleSchema, type Role } from '@circuit/shared/events/accounts';
import { userStandingStream } from '@circuit/shared/events/user-standing';
import { forbidden, notFound } from '@circuit/shared/commands/domain-errors';
import { findUserRow } from '@circuit/shared/read-models/users';
import type { CommandServiceDeps } from '../context';
import { caughtUp } from '../http/read-your-writes';
import { endSessionsEverywhere } from '../accounts/end-sessions';
import { standingDecider, type StandingCommand } from './standing-decider';

export const suspendedMessage = (supportEmail: string) => `Your account has been suspended. Write to ${supportEmail} if you think this is a mistake.`;

/**
 * Refuses to start a session for a suspended account (read from its standing stream, not a read
 * model, so a suspension just made is already in force). Called once the credentials have passed.
 */
export async function refuseSuspendedSignIn(deps: Pick<CommandServiceDeps, 'store' | 'config'>, userId: string): Promise<void> {
  const { state } = await loadState(deps.store, userStandingStream(userId), standingDecider);
  if (state.suspended) throw forbidden(suspendedMessage(deps.config.SUPPORT_EMAIL));
}

type Omitted<C> = C extends unknown ? Omit<C, 'actor' | 'target' | 'now'> : never;

/** Role changes, suspension and reinstatement by staff; each answers once the read models include it. */
export function createStandingService(deps: CommandServiceDeps) {
  const now = deps.now ?? (() => new Date());

  async function person(userId: string) {
    const row = await findUserRow(deps.knex, userId);
    if (!row) throw notFound('User not found');
    return { userId, role: RoleSchema.catch('user').parse(row.role) };
  }

  async function execute(actorId: string, targetId: string, command: Omitted<StandingCommand>, ctx: CommandContext) {
    const [actor, target] = await Promise.all([person(actorId), person(targetId)]);
    const result = await handleCommand(deps.store, userStandingStream(targetId), standingDecider, { ...command, actor, target, now: now() } as StandingCommand, ctx, now);
    await caughtUp(deps.progress, result.position, result.events);
    return result;
  }

  return {
    changeRole: (actorId: string, targetId: string, role: Role, ctx: CommandContext) => execute(actorId, targetId, { type: 'ChangeRole', role }, ctx),
    async suspend(actorId: string, targetId: string, reason: string, ctx: CommandContext) {
      // How many admins could still run the platform: read from the read model, as the console shows it.
      const [counted] = await deps.knex('users').where({ role: 'admin', is_active: true }).count<{ n: string | number }[]>({ n: '*' });
      const result = await execute(actorId, targetId, { type: 'Suspend', reason, activeAdmins: Number(counted?.n ?? 0) }, ctx);
      // Every session and socket of the account ends now, not at its next request.
      await endSessionsEverywhere(deps, targetId);
      return result;
    },
    reinstate: (actorId: string, targetId: string, reason: string, ctx: CommandContext) => execute(actorId, targetId, { type: 'Reinstate', reason }, ctx),
  };
}

export type StandingService = ReturnType<typeof createStandingService>;
