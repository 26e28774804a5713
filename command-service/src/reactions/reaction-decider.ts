import { notFound } from '@circuit/shared/commands/domain-errors';
import type { Decider } from '@circuit/shared/commands/decider';
import type { DomainEvent } from '@circuit/shared/events/catalogue';

/**
 * One user's like (or save) of one subject (a portfolio project, a hackathon project), on its own
 * stream per user and subject: many users reacting at once never contend, and a repeated click
 * appends nothing, so the counts built from these streams stay exact. A kind of subject is a small
 * definition (its event names and its not-found message) on this one rule.
 */
export type ReactionKind = 'like' | 'save';

export interface ReactionState {
  active: boolean;
}

type ReactionEventBase = DomainEvent & { data: { userId: string; at: string } };

/** What names the subject in its events: the events' data without the user and the time. */
export type SubjectOf<E extends ReactionEventBase> = Omit<E['data'], 'userId' | 'at'>;

export interface ReactionSubject<E extends ReactionEventBase> {
  /** Per kind, the event that adds it and the one that takes it back. */
  events: Record<ReactionKind, readonly [added: E['type'], removed: E['type']]>;
  notFoundMessage: string;
}

export interface ReactionCommand<E extends ReactionEventBase> {
  type: 'Add' | 'Remove';
  kind: ReactionKind;
  subject: SubjectOf<E>;
  userId: string;
  /** Whether the subject exists and the user may see it (read from its streams by the caller). */
  available: boolean;
  now: Date;
}

export function reactionDeciderOf<E extends ReactionEventBase>(definition: ReactionSubject<E>): Decider<ReactionState, ReactionCommand<E>, E> {
  const added = new Set<string>([definition.events.like[0], definition.events.save[0]]);
  return {
    initialState: () => ({ active: false }),
    evolve: (_state, event) => ({ active: added.has(event.type) }),
    decide(command, state) {
      if (!command.available) throw notFound(definition.notFoundMessage);
      const add = command.type === 'Add';
      if (state.active === add) return []; // already so: idempotent
      const [addType, removeType] = definition.events[command.kind];
      return [{ type: add ? addType : removeType, data: { ...command.subject, userId: command.userId, at: command.now.toISOString() } } as E];
    },
  };
}
