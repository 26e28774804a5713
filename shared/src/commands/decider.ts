import crypto from 'node:crypto';
import { ConcurrencyError, type EventMetadata, type EventStore, type NewEvent, type RecordedEvent } from '../ports/event-store';
import { conflict } from './domain-errors';
import { parseEventData, isKnownEventType } from '../events/catalogue';
import { appended } from './appended';
import { commandHandled, commandName, outcomeOf } from './command-outcomes';
import { inSpan } from '../tracing/tracing';

/** A pure decider (docs/decisions.md#d2-pure-deciders-one-stream-per-aggregate): decide(command, state) -> events, evolve(state, event) -> state. */
export interface Decider<State, Command, Event extends { type: string; data: unknown }> {
  initialState(): State;
  evolve(state: State, event: Event): State;
  /** Throws a DomainError to refuse. Time comes in through the command, never from the clock. */
  decide(command: Command, state: State): Event[];
}

export interface CommandContext {
  userId?: string;
  correlationId?: string;
  causationId?: string;
}

export interface CommandResult<State, Event> {
  events: Event[];
  state: State;
  /** Global position of the last appended event; undefined when nothing was appended. */
  position?: bigint;
}

const MAX_ATTEMPTS = 25;

export function foldEvents<State, Event extends { type: string; data: unknown }>(
  decider: Pick<Decider<State, unknown, Event>, 'initialState' | 'evolve'>,
  recorded: RecordedEvent[],
): State {
  return recorded.reduce((state, e) => decider.evolve(state, { type: e.type, data: e.data } as Event), decider.initialState());
}

/**
 * Folded states of recently used streams, per store and per `evolve`: a snapshot kept in memory,
 * so a command on a long-lived stream reads only the events appended since it was last folded
 * (events never change, so a state at revision r plus the events after r is the state at the
 * head). Bounded: the least recently used streams are forgotten first. Every process keeps its
 * own; what another process appended is read as the tail like anything else. Relies on `evolve`
 * being pure (it returns a new state and never changes the one it is given).
 */
const MAX_CACHED_STREAMS = 5000;
type Folded = { state: unknown; revision: number };
const folded = new WeakMap<EventStore, WeakMap<object, Map<string, Folded>>>();

function foldedStates(store: EventStore, evolve: object): Map<string, Folded> {
  let byEvolve = folded.get(store);
  if (!byEvolve) folded.set(store, (byEvolve = new WeakMap()));
  let states = byEvolve.get(evolve);
  if (!states) byEvolve.set(evolve, (states = new Map()));
  return states;
}

function remember(states: Map<string, Folded>, streamId: string, entry: Folded): void {
  states.delete(streamId);
  states.set(streamId, entry);
  if (states.size > MAX_CACHED_STREAMS) states.delete(states.keys().next().value!);
}

export async function loadState<State, Event extends { type: string; data: unknown }>(
  store: EventStore,
  streamId: string,
  decider: Pick<Decider<State, unknown, Event>, 'initialState' | 'evolve'>,
): Promise<{ state: State; revision: number | 'no_stream' }> {
  const states = foldedStates(store, decider.evolve);
  const cached = states.get(streamId);
  let state = cached ? (cached.state as State) : decider.initialState();
  let revision = cached?.revision ?? -1;
  const tail = await store.readStream(streamId, cached ? { fromRevision: revision + 1 } : undefined);
  if (tail.length > 0 && tail[0]!.revision !== revision + 1) {
    // Not the continuation of what was folded (cannot happen with an append-only store): start over.
    states.delete(streamId);
    return loadState(store, streamId, decider);
  }
  for (const e of tail) state = decider.evolve(state, { type: e.type, data: e.data } as Event);
  revision = tail.at(-1)?.revision ?? revision;
  if (revision >= 0) remember(states, streamId, { state, revision });
  return { state, revision: revision >= 0 ? revision : 'no_stream' };
}

/** Every event a command appends is in the catalogue and matches its schema: nothing malformed is ever stored. */
export function checkedData(event: { type: string; data: unknown }): unknown {
  if (!isKnownEventType(event.type)) throw new Error(`Event type ${event.type} is not in the event catalogue`);
  return parseEventData(event.type, event.data);
}

export function toNewEvents(events: { type: string; data: unknown }[], ctx: CommandContext, occurredAt: string): NewEvent[] {
  const metadata: EventMetadata = {};
  if (ctx.userId) metadata.userId = ctx.userId;
  if (ctx.correlationId) metadata.correlationId = ctx.correlationId;
  if (ctx.causationId) metadata.causationId = ctx.causationId;
  return events.map((e) => ({ id: crypto.randomUUID(), type: e.type, data: checkedData(e), metadata, occurredAt }));
}

/**
 * Load, decide, append with the expected revision; on a concurrent write reload and decide
 * again, a bounded number of times with a growing, jittered pause.
 *
 * `anyRevision` appends without the revision check, for commands whose decision cannot be
 * invalidated by a concurrent write (recording a sign-in): many at once then never contend.
 * Each command's outcome goes to the store's counter, if any (command-outcomes.ts).
 */
export async function handleCommand<State, Command, Event extends { type: string; data: unknown }>(
  store: EventStore,
  streamId: string,
  decider: Decider<State, Command, Event>,
  command: Command,
  ctx: CommandContext = {},
  now: () => Date = () => new Date(),
  options: { anyRevision?: boolean } = {},
): Promise<CommandResult<State, Event>> {
  // A span per command (tracing on): its appends are its children, and their events keep its trace (TracedEventStore).
  return inSpan(`command ${commandName(command)}`, { attributes: { 'circuit.stream': streamId }, expected: (error) => outcomeOf(error) !== 'error' }, async (span) => {
    try {
      const result = await decideAndAppend();
      commandHandled(store, command, 'ok');
      return result;
    } catch (error) {
      const outcome = outcomeOf(error);
      commandHandled(store, command, outcome);
      span.setAttribute('circuit.outcome', outcome);
      throw error;
    }
  });

  async function decideAndAppend(): Promise<CommandResult<State, Event>> {
    // A stream folded in memory a moment ago (or none yet): decide on that state and let the append's
    // revision check prove that nothing was appended since, instead of reading the stream first (one
    // round trip fewer for most commands). When the check fails, or the decision on that state would
    // append nothing or refuse (which the stream's newer events might change), the stream is read as below.
    if (!options.anyRevision) {
      const appended = await appendOnFolded(store, streamId, decider, command, ctx, now);
      if (appended) return appended;
    }
    for (let attempt = 1; ; attempt++) {
      const { state, revision } = await loadState(store, streamId, decider);
      const events = decider.decide(command, state);
      if (events.length === 0) return { events, state };
      try {
        const expected = options.anyRevision ? 'any' : revision;
        const { position, nextRevision } = await store.append(streamId, toNewEvents(events, ctx, now().toISOString()), expected);
        appended(store, streamId);
        const next = events.reduce(decider.evolve, state);
        // Nothing else was appended in between: the next command starts from this state.
        if (nextRevision === (revision === 'no_stream' ? -1 : revision) + events.length) remember(foldedStates(store, decider.evolve), streamId, { state: next, revision: nextRevision });
        return { events, state: next, position };
      } catch (error) {
        if (!(error instanceof ConcurrencyError) || attempt >= MAX_ATTEMPTS) {
          if (error instanceof ConcurrencyError) throw conflict('Too many simultaneous changes. Please try again.');
          throw error;
        }
        await new Promise((r) => setTimeout(r, Math.random() * Math.min(100, 2 ** attempt)));
      }
    }
  }
}

/** The fast path of handleCommand: undefined when it does not apply or the stream moved. */
async function appendOnFolded<State, Command, Event extends { type: string; data: unknown }>(
  store: EventStore,
  streamId: string,
  decider: Decider<State, Command, Event>,
  command: Command,
  ctx: CommandContext,
  now: () => Date,
): Promise<CommandResult<State, Event> | undefined> {
  const states = foldedStates(store, decider.evolve);
  // A stream this process has not folded is most often a new one (a post, an order, a team): decide on
  // the initial state and append expecting no stream; if the stream exists after all, the store says
  // so and the command reads it like any other.
  const cached: Folded = states.get(streamId) ?? { state: decider.initialState(), revision: -1 };
  const state = cached.state as State;
  let events: Event[];
  try {
    events = decider.decide(command, state);
  } catch {
    return undefined;
  }
  if (events.length === 0) return undefined;
  try {
    const expected = cached.revision < 0 ? 'no_stream' : cached.revision;
    const { position, nextRevision } = await store.append(streamId, toNewEvents(events, ctx, now().toISOString()), expected);
    appended(store, streamId);
    const next = events.reduce(decider.evolve, state);
    if (nextRevision === cached.revision + events.length) remember(states, streamId, { state: next, revision: nextRevision });
    return { events, state: next, position };
  } catch (error) {
    if (error instanceof ConcurrencyError) return undefined;
    throw error;
  }
}
