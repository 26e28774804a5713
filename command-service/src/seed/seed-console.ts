import { handleCommand, type CommandContext } from '@circuit/shared/commands/decider';
import { userStandingStream } from '@circuit/shared/events/user-standing';
import type { EventStore } from '@circuit/shared/ports/event-store';
import type { SocialService } from '../social/social-service';
import { standingDecider } from '../user-standing/standing-decider';

/** The auditor of the demo (README: demo accounts). */
export const DEMO_AUDITOR = { username: 'auditor', email: 'auditor@circuit.local', password: 'auditor123', firstName: 'Arjun', lastName: 'Auditor' } as const;
/** A demo account suspended by the admin, and reported by a demo user first. */
export const DEMO_SUSPENDED = { username: 'spam_sam', email: 'sam@circuit.local', password: 'demo12345', firstName: 'Sam', lastName: 'Spammer' } as const;

/**
 * What the admin console needs to show on a fresh start: an auditor, a report in the queue and a
 * suspended user (pending listings come with the demo hackathons). Each step is skipped when done.
 */
export async function seedConsole(
  deps: { store: EventStore; social?: SocialService; ensureUser(input: { username: string; email: string; password: string; firstName: string; lastName: string; role?: 'auditor'; emailVerified: boolean }): Promise<string> },
  people: { adminId: string; reporterId: string },
  ctx: CommandContext,
): Promise<void> {
  await deps.ensureUser({ ...DEMO_AUDITOR, role: 'auditor', emailVerified: true });
  const samId = await deps.ensureUser({ ...DEMO_SUSPENDED, emailVerified: true });
  const standing = await deps.store.readStream(userStandingStream(samId), { maxCount: 1 });
  if (standing.length > 0) return;
  if (deps.social) await deps.social.report(people.reporterId, samId, 'Sends the same promotion link to everyone in chat', { ...ctx, userId: people.reporterId });
  await handleCommand(
    deps.store,
    userStandingStream(samId),
    standingDecider,
    {
      type: 'Suspend',
      actor: { userId: people.adminId, role: 'admin' },
      target: { userId: samId, role: 'user' },
      reason: 'Posted spam links in several community chats',
      activeAdmins: 1,
      now: new Date(),
    },
    { ...ctx, userId: people.adminId },
  );
}
