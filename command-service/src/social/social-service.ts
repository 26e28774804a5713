import crypto from 'node:crypto';
import { handleCommand, loadState, type CommandContext, type Decider } from '@circuit/shared/commands/decider';
import { conflict, notFound, refused } from '@circuit/shared/commands/domain-errors';
import { relationshipStream, reportStream } from '@circuit/shared/events/social';
import type { DomainEvent } from '@circuit/shared/events/catalogue';
import type { Relationship } from '@circuit/shared/api/social';
import type { CommandServiceDeps } from '../context';
import { caughtUp } from '../http/read-your-writes';
import { hasRegistered } from '../accounts/actors';
import { relationshipDecider, relationshipOf, SocialMessages, type RelationshipAction } from './relationship-decider';

/** A report is its own stream, written once. */
type ReportEvent = DomainEvent<'UserReported'>;
interface ReportCommand {
  reportId: string;
  from: string;
  to: string;
  reason: string;
  now: Date;
}
const reportDecider: Decider<{ exists: boolean }, ReportCommand, ReportEvent> = {
  initialState: () => ({ exists: false }),
  evolve: (state, event) => (event.type === 'UserReported' ? { exists: true } : state),
  decide: (command, state) => {
    if (state.exists) throw conflict('This report was already filed');
    const { reportId, from, to, reason } = command;
    return [{ type: 'UserReported', data: { reportId, from, to, reason, at: command.now.toISOString() } }];
  },
};

export interface SocialServiceOptions {
  /**
   * Waits (bounded) until the reactions to a command's events that change its actor's own
   * notifications are in the read models, so the actor's refetch after the answer shows them too.
   */
  settled?: (position: bigint | undefined, events: readonly { type: string }[]) => Promise<void>;
}

/**
 * The social graph's use cases. Each checks "not oneself" and "the target exists" before it picks
 * the pair's stream, then lets the relationship decider rule; the answer is the relationship from
 * the caller's side once the read models include the change.
 */
export function createSocialService(deps: CommandServiceDeps, options: SocialServiceOptions = {}) {
  const now = deps.now ?? (() => new Date());

  /**
   * Accounts are never deleted, so a user found once exists for good: this process remembers the
   * ones it found (a bounded set) and reads the user stream again only for the others.
   */
  const known = new Set<string>();
  const remember = (id: string) => {
    if (known.size >= 50_000) known.clear();
    known.add(id);
  };

  async function ensureTarget(actorId: string, targetId: string): Promise<void> {
    if (actorId === targetId) throw refused(SocialMessages.invalidOperation);
    if (targetId.length > 200) throw notFound(SocialMessages.userNotFound);
    if (known.has(targetId)) return;
    if (!(await hasRegistered(deps.store, targetId))) throw notFound(SocialMessages.userNotFound);
    remember(targetId);
  }

  /** Every event of one command shares a causation id: the process managers tell one command's consequences apart by it. */
  const commandContext = (ctx: CommandContext): CommandContext => ({ ...ctx, causationId: crypto.randomUUID() });

  async function act(action: RelationshipAction, actorId: string, targetId: string, ctx: CommandContext): Promise<Relationship> {
    await ensureTarget(actorId, targetId);
    const result = await handleCommand(
      deps.store,
      relationshipStream(actorId, targetId),
      relationshipDecider,
      { type: action, actor: actorId, target: targetId, now: now() },
      commandContext(ctx),
      now,
    );
    await caughtUp(deps.progress, result.position, result.events);
    await options.settled?.(result.position, result.events);
    return relationshipOf(result.state, actorId, targetId);
  }

  async function relationship(actorId: string, targetId: string): Promise<Relationship> {
    const { state } = await loadState(deps.store, relationshipStream(actorId, targetId), relationshipDecider);
    return relationshipOf(state, actorId, targetId);
  }

  return {
    act,
    relationship,

    /** Any signed-in user may report another, whatever the block state (blocking and reporting go together). */
    async report(actorId: string, targetId: string, reason: string, ctx: CommandContext): Promise<Relationship> {
      await ensureTarget(actorId, targetId);
      const reportId = crypto.randomUUID();
      const result = await handleCommand(deps.store, reportStream(reportId), reportDecider, { reportId, from: actorId, to: targetId, reason, now: now() }, commandContext(ctx), now);
      await caughtUp(deps.progress, result.position, result.events);
      return relationship(actorId, targetId);
    },
  };
}

export type SocialService = ReturnType<typeof createSocialService>;
