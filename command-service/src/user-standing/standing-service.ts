import { handleCommand, loadState, type CommandContext } from '@circuit/shared/commands/decider';
import type { Role } from '@circuit/shared/events/accounts';
import { userStandingStream } from '@circuit/shared/events/user-standing';
import { forbidden, notFound } from '@circuit/shared/commands/domain-errors';
import type { CommandServiceDeps } from '../context';
import { caughtUp } from '../http/read-your-writes';
import { endSessionsEverywhere } from '../accounts/end-sessions';
import { accountOf, type Account } from '../accounts/actors';
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

/**
 * How many active admins the decision can count on: the actor and the target, from their own
 * streams. That is all the last-admin rule needs: only an admin may suspend an admin, so when the
 * target is an admin the actor is one too, and unless the two are the same person (refused on its
 * own) another admin remains. Counting every admin would need a list of them the write side does
 * not keep, and a count read from the users read model could lag behind a role just changed.
 */
const activeAdminsAmong = (...people: Account[]) => new Set(people.filter((p) => p.role === 'admin' && !p.suspended).map((p) => p.userId)).size;

/** Role changes, suspension and reinstatement by staff; each answers once the read models include it. */
export function createStandingService(deps: CommandServiceDeps) {
  const now = deps.now ?? (() => new Date());

  /** The actor's and the target's accounts, from their streams (404 when either has none). */
  async function people(actorId: string, targetId: string): Promise<[Account, Account]> {
    const [actor, target] = await Promise.all([accountOf(deps.store, actorId), accountOf(deps.store, targetId)]);
    if (!actor || !target) throw notFound('User not found');
    return [actor, target];
  }

  async function execute(actor: Account, target: Account, command: Omitted<StandingCommand>, ctx: CommandContext) {
    const person = (account: Account) => ({ userId: account.userId, role: account.role });
    const full = { ...command, actor: person(actor), target: person(target), now: now() } as StandingCommand;
    const result = await handleCommand(deps.store, userStandingStream(target.userId), standingDecider, full, ctx, now);
    await caughtUp(deps.progress, result.position, result.events);
    return result;
  }

  return {
    async changeRole(actorId: string, targetId: string, role: Role, ctx: CommandContext) {
      const [actor, target] = await people(actorId, targetId);
      return execute(actor, target, { type: 'ChangeRole', role }, ctx);
    },
    async suspend(actorId: string, targetId: string, reason: string, ctx: CommandContext) {
      const [actor, target] = await people(actorId, targetId);
      const result = await execute(actor, target, { type: 'Suspend', reason, activeAdmins: activeAdminsAmong(actor, target) }, ctx);
      // Every session and socket of the account ends now, not at its next request.
      await endSessionsEverywhere(deps, targetId);
      return result;
    },
    async reinstate(actorId: string, targetId: string, reason: string, ctx: CommandContext) {
      const [actor, target] = await people(actorId, targetId);
      return execute(actor, target, { type: 'Reinstate', reason }, ctx);
    },
  };
}

export type StandingService = ReturnType<typeof createStandingService>;
