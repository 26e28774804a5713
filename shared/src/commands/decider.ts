import crypto from 'node:crypto';
import { ConcurrencyError, type EventMetadata, type EventStore, type NewEvent, type RecordedEvent } from '../ports/event-store';
import { conflict } from '../http/errors';
import { parseEventData, isKnownEventType } from '../events/catalogue';

/** A pure decider (DESIGN section 2): decide(command, state) -> events, evolve(state, event) -> state. */
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

export async function loadState<State, Event extends { type: string; data: unknown }>(
  store: EventStore,
  streamId: string,
  decider: Pick<Decider<State, unknown, Event>, 'initialState' | 'evolve'>,
): Promise<{ state: State; revision: number | 'no_stream' }> {
  const recorded = await store.readStream(streamId);
  const last = recorded.at(-1);
  return { state: foldEvents(decider, recorded), revision: last ? last.revision : 'no_stream' };
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
  for (let attempt = 1; ; attempt++) {
    const { state, revision } = await loadState(store, streamId, decider);
    const events = decider.decide(command, state);
    if (events.length === 0) return { events, state };
    try {
      const expected = options.anyRevision ? 'any' : revision;
      const { position } = await store.append(streamId, toNewEvents(events, ctx, now().toISOString()), expected);
      return { events, state: events.reduce(decider.evolve, state), position };
    } catch (error) {
      if (!(error instanceof ConcurrencyError) || attempt >= MAX_ATTEMPTS) {
        if (error instanceof ConcurrencyError) throw conflict('Too many simultaneous changes. Please try again.');
        throw error;
      }
      await new Promise((r) => setTimeout(r, Math.random() * Math.min(100, 2 ** attempt)));
    }
  }
}
