import type { Knex } from 'knex';
import type { EventStore, RecordedEvent, Subscription } from '@circuit/shared/ports/event-store';
import type { Logger } from '@circuit/shared/logger';
import { inSpan, SpanKind } from '@circuit/shared/tracing/tracing';
import { contextFromTraceparent } from '@circuit/shared/tracing/trace-context';
import { saveCheckpoint, subscribeFromCheckpoint } from './checkpoints';

/**
 * The one way to write a process manager on the command side (docs/decisions.md, D11): the
 * subscription, the checkpoint, the error log and the wait for tests and answers live here, so a
 * process manager is only what is particular to it.
 *
 * A process manager is three things:
 * - `name`: its row in process_manager_checkpoints (never rename one: it would start over from the head);
 * - `reactionsTo(event)`: pure rules, what an event of the feed calls for, as data ([] for the events it
 *   passes by). No I/O and no clock, so they are unit-tested without a store; what a rule cannot
 *   know without reading (a listing's title, a user's address) the reaction names and the effects read;
 * - `effects.carryOut(reaction, cause)`: the adapter that does it (commands, appends, mail, the bus).
 *   It must be idempotent: a restart, or a failover to another instance, hands it again the events
 *   after the checkpoint.
 *
 *     class MyManager extends ProcessManager<MyReaction> {
 *       constructor(deps: MyDeps) {
 *         super({ name: 'my_manager', label: 'my manager', deps, reactionsTo: myReactions, effects: myEffects(deps) });
 *       }
 *     }
 *
 * The spec (ProcessManagerSpec):
 * - `deps`: `{ knex, store, log }`; the store is the command service's shared feed.
 * - `label`: how the logs name it ('<label> failed; retrying').
 * - `firstStart`: where it begins when it has no checkpoint yet: 'head' (default; it reacts to what
 *   happens from now on) or 'beginning' (the whole history, for effects that are idempotent appends).
 * - `batches`: absent (default), the feed is handled one event at a time, each event's reactions in
 *   order, and the checkpoint is saved after every event that had reactions: a restart repeats at most
 *   the one in flight (a mail is sent twice at most once). Given, consecutive events arrive together;
 *   those with the same `inOrderBy(event)` key are handled in order and different keys side by side,
 *   and the checkpoint is saved at most every `checkpointEveryMs` (and on stop), off the path of the
 *   answers that wait for the manager: a failed batch and a restart repeat a little more, so every
 *   reaction must be idempotent.
 * - `effects.settled(remainingMs)`: optional, what `settled` waits for too once the events are
 *   handled (e.g. that the read models include what the effects appended).
 *
 * The manager (what the composition root and the tests use):
 * - `start()`, `stop()`: follow the feed from the checkpoint, and stop (the worker list in
 *   command-service.ts starts them in the instance that holds the leadership lock);
 * - `handle(event)`, `handleBatch(events)`: what the feed calls, public so a test can hand it an event
 *   (twice, to see a replay change nothing) without starting it;
 * - `settled(position, timeoutMs = 3000)`: resolves once the feed is handled up to `position` and
 *   `effects.settled` is done; bounded, and at once when the manager is not running, so a stopped
 *   manager never holds an answer back for long.
 */
export interface ProcessManagerSpec<Reaction> {
  name: string;
  label: string;
  deps: { knex: Knex; store: EventStore; log: Logger };
  reactionsTo(event: RecordedEvent): readonly Reaction[];
  effects: ReactionEffects<Reaction>;
  firstStart?: 'head' | 'beginning';
  batches?: { inOrderBy(event: RecordedEvent): string; checkpointEveryMs: number };
}

export interface ReactionEffects<Reaction> {
  carryOut(reaction: Reaction, cause: RecordedEvent): Promise<void>;
  settled?(remainingMs: number): Promise<void>;
}

interface Reacting<Reaction> {
  event: RecordedEvent;
  reactions: readonly Reaction[];
}

export class ProcessManager<Reaction> {
  private subscription: Subscription | undefined;
  /** Feed position up to which every event has been handled. */
  private handled = 0n;
  private saved = 0n;
  private checkpointTimer: NodeJS.Timeout | undefined;
  private readonly waiters = new Set<{ position: bigint; done(): void }>();

  constructor(private readonly spec: ProcessManagerSpec<Reaction>) {}

  async start(): Promise<void> {
    const { deps, name, label, batches } = this.spec;
    const subscription = await subscribeFromCheckpoint(
      deps,
      name,
      {
        ...(batches ? { onBatch: (events: RecordedEvent[]) => this.handleBatch(events) } : {}),
        onEvent: (event) => this.handle(event),
        onError: (error) => deps.log.error({ err: error }, `${label} failed; retrying`),
      },
      { firstStart: this.spec.firstStart ?? 'head' },
    );
    // The feed may already have delivered events before the checkpoint's position came back.
    if (subscription.after > this.handled) this.handled = subscription.after;
    if (subscription.after > this.saved) this.saved = subscription.after;
    this.subscription = subscription;
  }

  async stop(): Promise<void> {
    await this.subscription?.stop();
    this.subscription = undefined;
    for (const waiter of [...this.waiters]) waiter.done();
    clearTimeout(this.checkpointTimer);
    this.checkpointTimer = undefined;
    // Only a batched manager saves behind its events; one saved after each event is up to date.
    if (this.spec.batches && this.handled > this.saved) await this.saveCheckpoint(this.handled).catch(() => undefined);
  }

  async settled(position: bigint | undefined, timeoutMs = 3000): Promise<void> {
    if (position === undefined) return;
    const deadline = Date.now() + timeoutMs;
    if (this.handled < position && this.subscription) {
      await new Promise<void>((resolve) => {
        const waiter = {
          position,
          done: () => {
            clearTimeout(timer);
            this.waiters.delete(waiter);
            resolve();
          },
        };
        const timer = setTimeout(waiter.done, timeoutMs);
        this.waiters.add(waiter);
      });
    }
    await this.spec.effects.settled?.(Math.max(0, deadline - Date.now()));
  }

  async handle(event: RecordedEvent): Promise<void> {
    await this.handleBatch([event]);
  }

  /** A failure rejects the batch, and the feed delivers it again from its first event. */
  async handleBatch(events: readonly RecordedEvent[]): Promise<void> {
    const { batches } = this.spec;
    if (!batches) {
      for (const event of events) {
        const reactions = this.spec.reactionsTo(event);
        await this.carryOut({ event, reactions });
        if (reactions.length > 0) await this.saveCheckpoint(event.position);
        this.advance(event.position);
      }
      return;
    }
    const byKey = new Map<string, Reacting<Reaction>[]>();
    for (const event of events) {
      const reactions = this.spec.reactionsTo(event);
      if (reactions.length === 0) continue;
      const key = batches.inOrderBy(event);
      byKey.set(key, [...(byKey.get(key) ?? []), { event, reactions }]);
    }
    await Promise.all(
      [...byKey.values()].map(async (inOrder) => {
        for (const reacting of inOrder) await this.carryOut(reacting);
      }),
    );
    if (byKey.size > 0) this.checkpointSoon(batches.checkpointEveryMs);
    const last = events.at(-1);
    if (last) this.advance(last.position);
  }

  /**
   * In the trace of the command that stored the event (its metadata's traceparent): what the reactions append and
   * publish belongs to that trace too, across the processes (a notification's socket emit in the realtime service).
   */
  private carryOut({ event, reactions }: Reacting<Reaction>): Promise<void> {
    return inSpan(
      `process-manager ${this.spec.name}`,
      { kind: SpanKind.CONSUMER, parent: contextFromTraceparent(event.metadata.traceparent), attributes: { 'circuit.event_type': event.type, 'circuit.position': event.position.toString() } },
      async () => {
        for (const reaction of reactions) await this.spec.effects.carryOut(reaction, event);
      },
    );
  }

  private advance(position: bigint): void {
    if (position <= this.handled) return;
    this.handled = position;
    for (const waiter of [...this.waiters]) if (waiter.position <= position) waiter.done();
  }

  /** A restart replays the few events after the saved checkpoint, which changes nothing. */
  private checkpointSoon(everyMs: number): void {
    if (this.checkpointTimer) return;
    this.checkpointTimer = setTimeout(() => {
      this.checkpointTimer = undefined;
      const position = this.handled;
      if (position > this.saved) this.saveCheckpoint(position).catch((err: unknown) => this.spec.deps.log.warn({ err }, `${this.spec.name} checkpoint not saved; retrying`));
    }, everyMs);
    this.checkpointTimer.unref();
  }

  private async saveCheckpoint(position: bigint): Promise<void> {
    await saveCheckpoint(this.spec.deps.knex, this.spec.name, position);
    if (position > this.saved) this.saved = position;
  }
}
