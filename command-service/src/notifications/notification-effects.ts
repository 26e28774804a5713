import crypto from 'node:crypto';
import { checkedData, handleCommand, loadState } from '@circuit/shared/commands/decider';
import { NotificationEventSchemas, notificationsStream } from '@circuit/shared/events/notifications';
import { ConcurrencyError, type AppendResult, type EventMetadata, type EventStore, type NewEvent, type RecordedEvent } from '@circuit/shared/ports/event-store';
import type { ReadModelProgress } from '@circuit/shared/projections/progress';
import type { ReactionEffects } from '../process-managers/process-manager';
import { initialNotificationsState, notificationsDecider, type NotificationEvent, type NotificationsCommand } from './notifications-decider';
import { publishNotification, type PublishDeps } from './notification-publishing';
import { sameCommand, type NotificationReaction } from './notification-rules';

type Create = Extract<NotificationsCommand, { type: 'Create' }>;
export type NotifyDeps = PublishDeps & { store: EventStore };

const NOTIFICATION_EVENT_TYPES = Object.keys(NotificationEventSchemas);
const MAX_ATTEMPTS = 25;
/** How far around an event its command's other events can be (a social command appends at most a handful). */
const COMMAND_WINDOW = 16;

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

const appendable = (cause: RecordedEvent, metadata: EventMetadata, events: NotificationEvent[]): NewEvent[] =>
  events.map((e) => ({ id: eventIdFor(cause.id, e), type: e.type, data: checkedData(e), metadata, occurredAt: cause.occurredAt }));

/**
 * Creates a notification without reading the recipient's stream: its event's id is the notification's,
 * so the store's idempotent append never stores it twice. Published live only when it is new: a
 * replay (a restart before the checkpoint moved, a second instance) tells nobody again.
 */
export async function createNotification(deps: NotifyDeps, cause: RecordedEvent, command: Create, metadata: EventMetadata): Promise<AppendResult> {
  const events = notificationsDecider.decide(command, initialNotificationsState());
  const result = await deps.store.append(notificationsStream(command.userId), appendable(cause, metadata, events), 'any');
  if (!result.alreadyStored) for (const e of events) if (e.type === 'NotificationCreated') await publishNotification(deps, e.data);
  return result;
}

/** Creates a notification as a command of the recipient's stream (decided on its state), and publishes it live when it was new. */
export async function notifyByCommand(deps: NotifyDeps, cause: RecordedEvent, command: Omit<Create, 'type' | 'now'>): Promise<void> {
  const result = await handleCommand(deps.store, notificationsStream(command.userId), notificationsDecider, { type: 'Create', ...command, now: new Date(cause.occurredAt) }, { causationId: cause.id });
  for (const e of result.events) if (e.type === 'NotificationCreated') await publishNotification(deps, e.data);
}

/**
 * The notifications process manager's effects: each reaction appended to the recipient's stream
 * with ids derived from the cause, so a replay appends and publishes nothing new.
 *
 * Bounded: a reaction reads only the few events of its cause's own command (and only when the rules
 * ask), and a creation does not read the recipient's notifications at all, so the work per event
 * grows with neither stream's history. A resolution decides on the recipient's state, loaded as a
 * command's is (only the events since it was last folded).
 *
 * `settled` waits until the read models include what was appended: only the projections that read
 * notification events, since another projection's checkpoint row may lag behind the feed by up to a
 * second when its batches hold none of its own events.
 */
export function notificationEffects(deps: NotifyDeps & { progress: ReadModelProgress }): ReactionEffects<NotificationReaction> {
  /** Position of the last notification event this process appended. */
  let lastAppended = 0n;
  const appended = (position: bigint) => {
    if (position > lastAppended) lastAppended = position;
  };

  /** Only the neighbourhood of `event` in its stream: a command appends a few events, side by side. */
  async function commandOf(event: RecordedEvent): Promise<RecordedEvent[]> {
    const around = await deps.store.readStream(event.streamId, { fromRevision: Math.max(0, event.revision - COMMAND_WINDOW), maxCount: 2 * COMMAND_WINDOW + 1 });
    return sameCommand(around, event);
  }

  return {
    async carryOut({ recipient, command: partial, unlessSameCommandHas }, cause) {
      if (unlessSameCommandHas && (await commandOf(cause)).some((e) => e.type === unlessSameCommandHas)) return;
      const metadata: EventMetadata = { causationId: cause.id };
      if (typeof cause.metadata.correlationId === 'string') metadata.correlationId = cause.metadata.correlationId;
      if (typeof cause.metadata.userId === 'string') metadata.userId = cause.metadata.userId;
      const now = new Date(cause.occurredAt);

      if (partial.type === 'Create') {
        const command = { ...partial, notificationId: notificationIdFor(cause.id, recipient, partial.kind), userId: recipient, now };
        appended((await createNotification(deps, cause, command, metadata)).position);
        return;
      }

      const streamId = notificationsStream(recipient);
      const command: NotificationsCommand = { ...partial, now };
      for (let attempt = 1; ; attempt++) {
        const { state, revision } = await loadState(deps.store, streamId, notificationsDecider);
        const events = notificationsDecider.decide(command, state);
        if (events.length === 0) return;
        try {
          appended((await deps.store.append(streamId, appendable(cause, metadata, events), revision)).position);
          return;
        } catch (error) {
          if (error instanceof ConcurrencyError && attempt < MAX_ATTEMPTS) {
            await new Promise((r) => setTimeout(r, Math.random() * Math.min(100, 2 ** attempt)));
            continue;
          }
          throw error;
        }
      }
    },
    async settled(remainingMs) {
      await deps.progress.waitFor(lastAppended, remainingMs, { eventTypes: NOTIFICATION_EVENT_TYPES });
    },
  };
}
