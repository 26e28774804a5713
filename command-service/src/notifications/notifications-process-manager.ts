import crypto from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { Knex } from 'knex';
import { checkedData, loadState } from '@circuit/shared/commands/decider';
import { SocialEventSchemas } from '@circuit/shared/events/social';
import { NotificationEventSchemas, notificationsStream } from '@circuit/shared/events/notifications';
import type { EventData } from '@circuit/shared/events/catalogue';
import { ConcurrencyError, type EventMetadata, type EventStore, type NewEvent, type RecordedEvent, type Subscription } from '@circuit/shared/ports/event-store';
import type { Bus } from '@circuit/shared/ports/bus';
import type { Logger } from '@circuit/shared/logger';
import type { ReadModelProgress } from '@circuit/shared/projections/progress';
import type { UserRow } from '@circuit/shared/read-models/users';
import { batchPerTurn } from '@circuit/shared/process/batching';
import { toNotification, type Notification } from '@circuit/shared/read-models/notifications';
import { initialNotificationsState, notificationsDecider, type NotificationEvent, type NotificationsCommand } from './notifications-decider';
import { readCheckpoint, saveCheckpoint } from '../process-managers/checkpoints';

const NOTIFICATION_EVENT_TYPES = Object.keys(NotificationEventSchemas);

/** The bus topic of new notifications: `{ userId, notification }` (the realtime service delivers them live). */
export const NOTIFICATIONS_TOPIC = 'notifications';

/**
 * Live delivery of a stored notification: the realtime service pushes it to the recipient's
 * sockets. The stored one stays (and shows on the next load) if this fails, so a failure is logged
 * and not thrown.
 */
export async function publishNotification(deps: { knex: Knex; bus: Bus; log: Logger }, d: EventData<'NotificationCreated'>): Promise<void> {
  try {
    const row = { id: d.notificationId, type: d.type, status: d.status, is_outgoing: d.isOutgoing, read: false, from_user_id: d.fromUserId, created_at: d.at, subject: d.subject ?? null };
    const message: NotificationMessage = { userId: d.userId, notification: toNotification(row, await sendersOf(deps.knex)(d.fromUserId)) };
    await deps.bus.publish(NOTIFICATIONS_TOPIC, message);
  } catch (error) {
    deps.log.warn({ err: error, notificationId: d.notificationId }, 'could not publish a notification');
  }
}
/**
 * The senders of the notifications published in one turn of the event loop, read by one statement:
 * a projection batch releases many follows at once, each published with its sender's name.
 */
const senderReaders = new WeakMap<Knex, (id: string) => Promise<UserRow | undefined>>();
function sendersOf(knex: Knex): (id: string) => Promise<UserRow | undefined> {
  let read = senderReaders.get(knex);
  if (!read) {
    read = batchPerTurn(async (ids: string[]) => {
      const rows = await knex<UserRow>('users').whereIn('id', [...new Set(ids)]);
      const byId = new Map(rows.map((r) => [r.id, r]));
      return ids.map((id) => byId.get(id));
    });
    senderReaders.set(knex, read);
  }
  return read;
}

export interface NotificationMessage {
  userId: string;
  notification: Notification;
}

const NAME = 'notifications';
/** Social events whose reactions change the notifications of the user who acted, too. */
const REACHES_BOTH_SIDES = new Set(['ConnectionRequested', 'ConnectionAccepted', 'ConnectionRejected']);
const MAX_ATTEMPTS = 25;
/** How far around an event its command's other events can be (a social command appends at most a handful). */
const COMMAND_WINDOW = 16;
const CHECKPOINT_EVERY_MS = 1000;

/** A name-based UUID (RFC 4122 version 5 layout, SHA-1 of a fixed namespace and the name). */
export function uuidFrom(name: string): string {
  const hash = crypto.createHash('sha1').update('circuit:notifications:').update(name).digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The id of a notification created for `recipient` because of the event `causeId`. */
export const notificationIdFor = (causeId: string, recipient: string, type: string) => uuidFrom(`${causeId}|${recipient}|${type}`);

/** One reaction to a social event, for one recipient. */
type Reaction = { recipient: string; command: Omit<Extract<NotificationsCommand, { type: 'Create' }>, 'notificationId' | 'userId' | 'now'> | Omit<Extract<NotificationsCommand, { type: 'ResolveRequest' }>, 'now'> };

/**
 * The events appended by the same command as `event` (same stream, same causation id, which the
 * social service sets per command; events without one fall back to the same correlation id and
 * instant, next to each other in the stream).
 */
function sameCommand(stream: RecordedEvent[], event: RecordedEvent): RecordedEvent[] {
  const causation = event.metadata.causationId;
  if (causation) return stream.filter((e) => e.metadata.causationId === causation);
  const together = (e: RecordedEvent) => e.metadata.correlationId === event.metadata.correlationId && e.occurredAt === event.occurredAt && !e.metadata.causationId;
  const index = stream.findIndex((e) => e.id === event.id);
  if (index < 0) return [event];
  let first = index;
  let last = index;
  while (first > 0 && together(stream[first - 1]!)) first--;
  while (last < stream.length - 1 && together(stream[last + 1]!)) last++;
  return stream.slice(first, last + 1);
}

/**
 * Notifications from social events (spec 1: connection_request, connection_request_sent,
 * connection_accepted, connection_rejected, follow):
 *
 * - ConnectionRequested A->B: B gets connection_request (pending), A gets connection_request_sent
 *   (pending, outgoing; its `from` is B, the other user).
 * - ConnectionAccepted / ConnectionRejected by B of A's request: both request notifications get the
 *   status accepted / rejected and are read; A gets connection_accepted / connection_rejected from B.
 * - UserFollowed A->B: B gets follow. Rule: not when the follow was appended by the same command as
 *   a ConnectionAccepted (the mutual follows of accepting): connection_accepted already says it.
 * - A block ends a pending request with a ConnectionRejected in the same command as UserBlocked: the
 *   request notifications are resolved (rejected, read) but nobody is told "rejected".
 *
 * Idempotent: every appended event has an id derived from the cause event's id, the recipient and
 * the purpose, and the store never stores an event id twice, so a replay (a restart before the
 * checkpoint moved, a second instance) appends nothing new and publishes nothing.
 *
 * Bounded: handling an event reads only the few events of its own command, and a follow's
 * notification is appended without reading the recipient's notifications at all, so the work per
 * event does not grow with either stream's history.
 * Its checkpoint (in process_manager_checkpoints) follows, at most a second behind the events it handled.
 */
export class NotificationsProcessManager {
  private subscription: Subscription | undefined;
  /** Feed position up to which every event has been handled. */
  private handled = 0n;
  private saved = 0n;
  private checkpointTimer: NodeJS.Timeout | undefined;
  /** Position of the last notification event this process appended. */
  private lastAppended = 0n;
  private readonly progressed = new EventEmitter();

  constructor(
    private readonly deps: { knex: Knex; store: EventStore; bus: Bus; progress: ReadModelProgress; log: Logger },
  ) {
    this.progressed.setMaxListeners(0);
  }

  async start(): Promise<void> {
    // No checkpoint yet: from the start of the feed (safe, every append is idempotent).
    const after = (await readCheckpoint(this.deps.knex, NAME)) ?? 0n;
    this.handled = after;
    this.saved = after;
    this.subscription = this.deps.store.subscribe({
      after,
      onEvent: (event) => this.handle(event),
      onBatch: (events) => this.handleBatch(events),
      onError: (error) => this.deps.log.error({ err: error }, 'notifications process manager failed; retrying'),
    });
  }

  async stop(): Promise<void> {
    await this.subscription?.stop();
    this.subscription = undefined;
    clearTimeout(this.checkpointTimer);
    this.checkpointTimer = undefined;
    if (this.handled > this.saved) await this.saveCheckpoint(this.handled).catch(() => undefined);
  }

  /**
   * Resolves once the events up to `position` have been handled and the notifications appended
   * meanwhile are in the read models (bounded: a stopped manager never blocks an answer for long).
   */
  async settled(position: bigint | undefined, timeoutMs = 3000): Promise<void> {
    if (position === undefined) return;
    const deadline = Date.now() + timeoutMs;
    while (this.handled < position && this.subscription && Date.now() < deadline) {
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          this.progressed.off('handled', done);
          resolve();
        };
        const timer = setTimeout(done, Math.max(1, Math.min(50, deadline - Date.now())));
        this.progressed.on('handled', done);
      });
    }
    // Only the projections that read what it appends: another projection's checkpoint row may lag
    // behind the feed by up to a second when its batches hold none of its own events.
    await this.deps.progress.waitFor(this.lastAppended, Math.max(0, deadline - Date.now()), { eventTypes: NOTIFICATION_EVENT_TYPES });
  }

  /**
   * `settled`, for a social command whose reactions reach its actor (see reactionsTo): a connection
   * request, acceptance or rejection changes notifications on both sides. A follow notifies only
   * the followee, whose notifications the actor never reads: its answer does not wait for that
   * (the followee gets it live, a moment later).
   */
  async settledForActor(position: bigint | undefined, events: readonly { type: string }[]): Promise<void> {
    if (events.some((e) => REACHES_BOTH_SIDES.has(e.type))) await this.settled(position);
  }

  /**
   * The checkpoint is written at most every CHECKPOINT_EVERY_MS, not in the path of every answer
   * that waits for this manager: a restart replays the few events after it, which changes nothing.
   */
  private checkpointSoon(): void {
    if (this.checkpointTimer) return;
    this.checkpointTimer = setTimeout(() => {
      this.checkpointTimer = undefined;
      const position = this.handled;
      if (position > this.saved) this.saveCheckpoint(position).catch((err: unknown) => this.deps.log.warn({ err }, 'notifications checkpoint not saved; retrying'));
    }, CHECKPOINT_EVERY_MS);
    this.checkpointTimer.unref();
  }

  private async saveCheckpoint(position: bigint): Promise<void> {
    await saveCheckpoint(this.deps.knex, NAME, position);
    this.saved = position;
  }

  /** Handles one event of the feed (exported for tests: call it twice to see a replay change nothing). */
  async handle(event: RecordedEvent): Promise<void> {
    await this.handleBatch([event]);
  }

  /**
   * Handles consecutive events of the feed. Each relationship's events are handled in order, and
   * different relationships side by side: their reactions are independent (creations are
   * idempotent appends, resolutions retry on a concurrent write), so a burst of follows does not
   * queue behind one another. A failure has the whole batch delivered again, which changes nothing
   * for the events already handled.
   */
  async handleBatch(events: RecordedEvent[]): Promise<void> {
    const byRelationship = new Map<string, RecordedEvent[]>();
    for (const e of events) if (e.streamId.startsWith('relationship-')) byRelationship.set(e.streamId, [...(byRelationship.get(e.streamId) ?? []), e]);
    await Promise.all(
      [...byRelationship.values()].map(async (inOrder) => {
        for (const event of inOrder) for (const reaction of await this.reactionsTo(event)) await this.apply(event, reaction);
      }),
    );
    if (byRelationship.size > 0) this.checkpointSoon();
    const last = events.at(-1);
    if (last && last.position > this.handled) this.handled = last.position;
    this.progressed.emit('handled');
  }

  private async reactionsTo(event: RecordedEvent): Promise<Reaction[]> {
    switch (event.type) {
      case 'ConnectionRequested': {
        const { from, to } = SocialEventSchemas.ConnectionRequested.parse(event.data);
        return [
          { recipient: to, command: { type: 'Create', kind: 'connection_request', status: 'pending', isOutgoing: false, fromUserId: from } },
          { recipient: from, command: { type: 'Create', kind: 'connection_request_sent', status: 'pending', isOutgoing: true, fromUserId: to } },
        ];
      }
      case 'ConnectionAccepted':
      case 'ConnectionRejected': {
        // `from` answered the request that `to` had sent.
        const { from: receiver, to: requester } = SocialEventSchemas[event.type].parse(event.data);
        const status = event.type === 'ConnectionAccepted' ? 'accepted' : 'rejected';
        const reactions: Reaction[] = [
          { recipient: receiver, command: { type: 'ResolveRequest', kind: 'connection_request', fromUserId: requester, status } },
          { recipient: requester, command: { type: 'ResolveRequest', kind: 'connection_request_sent', fromUserId: receiver, status } },
        ];
        const endedByBlock = status === 'rejected' && (await this.commandOf(event)).some((e) => e.type === 'UserBlocked');
        if (!endedByBlock) {
          reactions.push({
            recipient: requester,
            command: { type: 'Create', kind: status === 'accepted' ? 'connection_accepted' : 'connection_rejected', status: null, isOutgoing: false, fromUserId: receiver },
          });
        }
        return reactions;
      }
      case 'UserFollowed': {
        const { from, to, via } = SocialEventSchemas.UserFollowed.parse(event.data);
        // A follow stored before `via` existed tells it by the events of its command.
        const byAccepting = via ? via === 'accept' : (await this.commandOf(event)).some((e) => e.type === 'ConnectionAccepted');
        if (byAccepting) return [];
        return [{ recipient: to, command: { type: 'Create', kind: 'follow', status: null, isOutgoing: false, fromUserId: from } }];
      }
      default:
        return [];
    }
  }

  /** Only the neighbourhood of `event` in its stream: a command appends a few events, side by side. */
  private async commandOf(event: RecordedEvent): Promise<RecordedEvent[]> {
    const around = await this.deps.store.readStream(event.streamId, { fromRevision: Math.max(0, event.revision - COMMAND_WINDOW), maxCount: 2 * COMMAND_WINDOW + 1 });
    return sameCommand(around, event);
  }

  /**
   * Appends the reaction to the recipient's stream with ids derived from the cause. A creation needs
   * no state: its id is the event id, so the store's idempotent append never stores it twice and the
   * recipient's history is never read. A resolution decides on the recipient's state, loaded as a
   * command's is (only the events since it was last folded).
   */
  private async apply(cause: RecordedEvent, { recipient, command: partial }: Reaction): Promise<void> {
    const streamId = notificationsStream(recipient);
    const at = new Date(cause.occurredAt);
    const metadata: EventMetadata = { causationId: cause.id };
    if (typeof cause.metadata.correlationId === 'string') metadata.correlationId = cause.metadata.correlationId;
    if (typeof cause.metadata.userId === 'string') metadata.userId = cause.metadata.userId;
    const toAppend = (events: NotificationEvent[]): NewEvent[] =>
      events.map((e) => ({ id: eventIdFor(cause.id, e), type: e.type, data: checkedData(e), metadata, occurredAt: cause.occurredAt }));

    if (partial.type === 'Create') {
      const command = { ...partial, notificationId: notificationIdFor(cause.id, recipient, partial.kind), userId: recipient, now: at };
      const events = notificationsDecider.decide(command, initialNotificationsState());
      const result = await this.deps.store.append(streamId, toAppend(events), 'any');
      if (result.position > this.lastAppended) this.lastAppended = result.position;
      // A replay (a restart before the checkpoint moved) finds it stored and tells nobody again.
      if (!result.alreadyStored) for (const e of events) if (e.type === 'NotificationCreated') await publishNotification(this.deps, e.data);
      return;
    }

    const command: NotificationsCommand = { ...partial, now: at };
    for (let attempt = 1; ; attempt++) {
      const { state, revision } = await loadState(this.deps.store, streamId, notificationsDecider);
      const events = notificationsDecider.decide(command, state);
      if (events.length === 0) return;
      try {
        const { position } = await this.deps.store.append(streamId, toAppend(events), revision);
        if (position > this.lastAppended) this.lastAppended = position;
        return;
      } catch (error) {
        if (error instanceof ConcurrencyError && attempt < MAX_ATTEMPTS) {
          await new Promise((r) => setTimeout(r, Math.random() * Math.min(100, 2 ** attempt)));
          continue;
        }
        throw error;
      }
    }
  }

}

/** Ids of the events appended in reaction to `causeId`: the same reaction always gets the same id. */
function eventIdFor(causeId: string, event: NotificationEvent): string {
  switch (event.type) {
    case 'NotificationCreated':
      return event.data.notificationId;
    case 'NotificationStatusChanged':
      return uuidFrom(`${causeId}|${event.data.notificationId}|status`);
    case 'NotificationRead':
      return uuidFrom(`${causeId}|${event.data.notificationId}|read`);
    default:
      return uuidFrom(`${causeId}|${event.type}`);
  }
}
