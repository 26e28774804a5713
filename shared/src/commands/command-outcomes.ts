import type { EventStore } from '../ports/event-store';
import { DomainError } from './domain-errors';

/** ok: decided (appending or not); refused: a domain rule said no; conflict: taken, done already or contended; error: anything else. */
export type CommandOutcome = 'ok' | 'refused' | 'conflict' | 'error';

type Listener = (command: string, outcome: CommandOutcome) => void;

/** Who counts the commands handled on a store (the process's metrics: docs/operations.md#metrics). */
const listeners = new WeakMap<EventStore, Listener>();

/** Calls `listener` with the type and outcome of every command handleCommand runs on `store`. */
export function onCommandHandled(store: EventStore, listener: Listener): void {
  listeners.set(store, listener);
}

// Commands are typed by their decider ({ type: 'Create', ... }); the few without a type count together.
export const commandName = (command: unknown): string => {
  const type = (command as { type?: unknown } | null)?.type;
  return typeof type === 'string' ? type : 'untyped';
};

export function outcomeOf(error: unknown): CommandOutcome {
  if (!(error instanceof DomainError)) return 'error';
  return error.kind === 'conflict' ? 'conflict' : 'refused';
}

export function commandHandled(store: EventStore, command: unknown, outcome: CommandOutcome): void {
  listeners.get(store)?.(commandName(command), outcome);
}
