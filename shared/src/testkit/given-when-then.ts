import { expect } from 'vitest';
import type { Decider } from '../commands/decider';
import { DomainError, type DomainErrorKind } from '../commands/domain-errors';

/**
 * Given/When/Then for pure deciders, in the style of Emmett's DeciderSpecification
 * (docs/decisions.md#d2-pure-deciders-one-stream-per-aggregate):
 *
 *   given(accountDecider, [registered]).when(signIn).then([signedIn]);
 *   given(accountDecider, [registered]).when(badSignIn).thenThrows('unauthenticated', 'Invalid credentials');
 *
 * The given events are folded with `evolve` from `initialState()`; `when` runs `decide` on the
 * result. Everything is synchronous: do not `await` the chain (the step objects have a `then`
 * method, which would make them look like promises).
 */
type AnyEvent = { type: string; data: unknown };

export interface ThenStep<State, Event extends AnyEvent> {
  /** The command produced exactly these events, in this order. `[]` means "accepted, nothing to record". */
  then(expected: Event[] | ((events: Event[], state: State) => void)): Event[];
  /** The command was refused with a DomainError of this kind and (exact, or matching) message. */
  thenThrows(kind: DomainErrorKind, message?: string | RegExp): DomainError;
  /** The events the command produced, for assertions of your own. */
  events(): Event[];
  /** The state after the given events and the produced ones. */
  stateAfter(): State;
}

export interface WhenStep<State, Command, Event extends AnyEvent> {
  when(command: Command): ThenStep<State, Event>;
  /** The state folded from the given events. */
  state(): State;
}

export function given<State, Command, Event extends AnyEvent>(
  decider: Decider<State, Command, Event>,
  events: Event[] = [],
): WhenStep<State, Command, Event> {
  const fold = (from: State, list: Event[]) => list.reduce((s, e) => decider.evolve(s, e), from);
  const state = () => fold(decider.initialState(), events);
  return {
    state,
    when(command: Command): ThenStep<State, Event> {
      const run = () => decider.decide(command, state());
      return {
        then(expected) {
          const produced = run();
          if (typeof expected === 'function') expected(produced, fold(state(), produced));
          else expect(produced).toEqual(expected);
          return produced;
        },
        thenThrows(kind, message) {
          let produced: Event[] | undefined;
          let caught: unknown;
          try {
            produced = run();
          } catch (error) {
            caught = error;
          }
          if (caught === undefined) {
            expect.fail(`expected the command to be refused (${kind}), but it produced ${JSON.stringify(produced)}`);
          }
          expect(caught).toBeInstanceOf(DomainError);
          const error = caught as DomainError;
          expect({ kind: error.kind, message: error.message }).toEqual({
            kind,
            message: message === undefined ? error.message : typeof message === 'string' ? message : expect.stringMatching(message),
          });
          return error;
        },
        events: run,
        stateAfter() {
          return fold(state(), run());
        },
      };
    },
  };
}
