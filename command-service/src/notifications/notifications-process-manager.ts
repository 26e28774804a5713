import type { Knex } from 'knex';
import type { EventStore } from '@circuit/shared/ports/event-store';
import type { Bus } from '@circuit/shared/ports/bus';
import type { Logger } from '@circuit/shared/logger';
import type { ReadModelProgress } from '@circuit/shared/projections/progress';
import { ProcessManager } from '../process-managers/process-manager';
import { notificationEffects } from './notification-effects';
import { notificationReactions, reachesActor, type NotificationReaction } from './notification-rules';

// What other modules have long imported from here.
export { NOTIFICATIONS_TOPIC, publishNotification, type NotificationMessage } from './notification-publishing';
export { notificationIdFor, uuidFrom } from './notification-effects';

/**
 * Notifications from social events: the rules are notification-rules.ts, the appends and their
 * live publication notification-effects.ts.
 *
 * It starts from the beginning of the feed when it has no checkpoint (safe: every reaction is an
 * idempotent append), and handles a batch's relationships side by side: their reactions are
 * independent (creations are idempotent appends, resolutions retry on a concurrent write), so a
 * burst of follows does not queue behind one another. Its checkpoint follows at most a second
 * behind the events it handled, off the path of the answers that wait for it.
 */
export class NotificationsProcessManager extends ProcessManager<NotificationReaction> {
  private readonly progress: ReadModelProgress;

  constructor(deps: { knex: Knex; store: EventStore; bus: Bus; progress: ReadModelProgress; log: Logger }) {
    super({
      name: 'notifications',
      label: 'notifications process manager',
      deps,
      reactionsTo: notificationReactions,
      effects: notificationEffects(deps),
      firstStart: 'beginning',
      batches: { inOrderBy: (event) => event.streamId, checkpointEveryMs: 1000 },
    });
    this.progress = deps.progress;
  }

  /** `settled`, for a social command whose notifications reach its actor (see reachesActor), unless nobody reads yet (ReadModelProgress.skipWaits). */
  async settledForActor(position: bigint | undefined, events: readonly { type: string }[]): Promise<void> {
    if (reachesActor(events) && !this.progress.skippingWaits) await this.settled(position);
  }
}
