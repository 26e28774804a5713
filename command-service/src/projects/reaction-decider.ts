import { notFound } from '@circuit/shared/commands/domain-errors';
import type { Decider } from '@circuit/shared/commands/decider';
import type { DomainEvent } from '@circuit/shared/events/catalogue';
import { ProjectMessages } from './project-decider';

/**
 * One user's like (or save) of one project, on its own stream `project-like-<projectId>-<userId>`
 * (`project-save-...`): many users reacting at once never contend, and a repeated click appends
 * nothing, so the counts built from these streams stay exact.
 */
export type ReactionKind = 'like' | 'save';
export type ReactionEvent = DomainEvent<'ProjectLiked' | 'ProjectUnliked' | 'ProjectSaved' | 'ProjectUnsaved'>;

export interface ReactionState {
  active: boolean;
}

export interface ReactionCommand {
  type: 'Add' | 'Remove';
  kind: ReactionKind;
  projectId: string;
  userId: string;
  /** Whether the project exists and is not deleted (read from its stream by the caller). */
  projectAvailable: boolean;
  now: Date;
}

export function evolveReaction(state: ReactionState, event: ReactionEvent): ReactionState {
  switch (event.type) {
    case 'ProjectLiked':
    case 'ProjectSaved':
      return { active: true };
    case 'ProjectUnliked':
    case 'ProjectUnsaved':
      return { active: false };
    default:
      return state;
  }
}

function reactionEvent(kind: ReactionKind, add: boolean, data: { projectId: string; userId: string; at: string }): ReactionEvent {
  if (kind === 'like') return add ? { type: 'ProjectLiked', data } : { type: 'ProjectUnliked', data };
  return add ? { type: 'ProjectSaved', data } : { type: 'ProjectUnsaved', data };
}

export function decideReaction(command: ReactionCommand, state: ReactionState): ReactionEvent[] {
  if (!command.projectAvailable) throw notFound(ProjectMessages.notFound);
  const add = command.type === 'Add';
  if (state.active === add) return []; // already so: idempotent
  return [reactionEvent(command.kind, add, { projectId: command.projectId, userId: command.userId, at: command.now.toISOString() })];
}

export const reactionDecider: Decider<ReactionState, ReactionCommand, ReactionEvent> = {
  initialState: () => ({ active: false }),
  evolve: evolveReaction,
  decide: decideReaction,
};
