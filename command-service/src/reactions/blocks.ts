import { loadFresh } from '@circuit/shared/commands/fresh-states';
import { forbidden } from '@circuit/shared/commands/domain-errors';
import { relationshipStream } from '@circuit/shared/events/social';
import type { EventStore } from '@circuit/shared/ports/event-store';
import { SocialMessages, relationshipDecider } from '../social/relationship-decider';

/**
 * A block between the user and any of the others (a project's owner, a team's members), either
 * way, forbids liking, saving and commenting; read from each pair's own stream.
 */
export async function assertNoBlock(store: EventStore, userId: string, otherIds: readonly string[]): Promise<void> {
  const others = [...new Set(otherIds)].filter((id) => id && id !== userId);
  const pairs = await Promise.all(others.map((id) => loadFresh(store, relationshipStream(userId, id), relationshipDecider)));
  if (pairs.some(({ blockers }) => blockers.length > 0)) throw forbidden(SocialMessages.cannotInteract);
}
