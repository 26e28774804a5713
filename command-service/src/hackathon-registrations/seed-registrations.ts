import type { CommandContext } from '@circuit/shared/commands/decider';
import { DomainError } from '@circuit/shared/commands/domain-errors';
import type { Logger } from '@circuit/shared/logger';
import { hackathonRosterStream } from '@circuit/shared/events/hackathon-registrations';
import type { EventStore } from '@circuit/shared/ports/event-store';
import type { RegistrationService } from './registration-service';

export interface SeedRegistrationsDeps {
  registrations: RegistrationService;
  store: EventStore;
  log?: Logger;
  /**
   * Pays an order the way a checkout would, answering what the browser hands back (the sandbox
   * adapter can: it signs with its own secret). Not given: paid teams stay "payment required".
   */
  payOrder?: (order: { orderId: string; userId: string }) => Promise<{ paymentId: string; signature: string }>;
}

export interface SeedRegistrationsResult {
  registrations: number;
  teams: number;
  submitted: number;
  paid: number;
}

/**
 * Demo registrations and teams on accepted hackathons that take registrations: in each, some users
 * register, a first team fills up to its minimum (or more) and is submitted (a free hackathon
 * completes; of the paid ones every other one is paid when `payOrder` is given), a second team is
 * still forming, and the rest are registered without a team. Hackathons already holding a roster
 * are skipped, so running it again adds nothing; hackathons closed to registration are skipped.
 */
export async function seedHackathonRegistrations(
  deps: SeedRegistrationsDeps,
  hackathons: { hackathonId: string }[],
  users: { userId: string; username: string }[],
  ctx: CommandContext = { correlationId: 'seed' },
): Promise<SeedRegistrationsResult> {
  const result: SeedRegistrationsResult = { registrations: 0, teams: 0, submitted: 0, paid: 0 };
  let paidSeen = 0;
  for (const [index, { hackathonId }] of hackathons.entries()) {
    if ((await deps.store.readStream(hackathonRosterStream(hackathonId), { maxCount: 1 })).length > 0) continue;
    let info;
    try {
      info = await deps.registrations.hackathonOf(hackathonId);
    } catch {
      continue;
    }
    const as = (userId: string) => ({ ...ctx, userId });
    // A different slice of users for each hackathon, never more than it holds.
    const count = Math.min(users.length, info.maxParticipants, info.maxMembers + info.minMembers + 2);
    const chosen = Array.from({ length: count }, (_, i) => users[(index + i) % users.length]!);
    const registered: string[] = [];
    for (const user of chosen) {
      try {
        await deps.registrations.register(user.userId, hackathonId, {}, as(user.userId));
        registered.push(user.userId);
        result.registrations++;
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        deps.log?.debug({ hackathonId, reason: error.message }, 'seed: registration skipped');
        break; // closed, full or past its deadline
      }
    }
    const size = Math.max(info.minMembers, Math.min(info.maxMembers, 2));
    if (registered.length < size) continue;

    const [creator, ...joiners] = registered.slice(0, size);
    const teamId = await deps.registrations.createTeam(creator!, hackathonId, `Team ${index + 1}`, as(creator!));
    result.teams++;
    const code = (await deps.store.readStream(hackathonRosterStream(hackathonId))).map((e) => e.data as { teamId?: string; code?: string }).find((d) => d.teamId === teamId)?.code;
    for (const member of joiners) await deps.registrations.joinTeam(member, hackathonId, code!, as(member));
    const submitted = await deps.registrations.submitTeam(creator!, hackathonId, teamId, as(creator!));
    result.submitted++;
    if (submitted.requiresPayment && deps.payOrder && paidSeen++ % 2 === 0) {
      const order = await deps.registrations.createPaymentOrder(creator!, hackathonId);
      const checkout = await deps.payOrder({ orderId: order.orderId, userId: creator! });
      await deps.registrations.verifyPayment(creator!, hackathonId, { orderId: order.orderId, ...checkout }, as(creator!));
      result.paid++;
    }

    // A second team still forming, when there is somebody left to lead it.
    const next = registered[size];
    if (next) {
      await deps.registrations.createTeam(next, hackathonId, `Team ${index + 1}b`, as(next));
      result.teams++;
    }
  }
  deps.log?.info(result, 'seeded hackathon registrations and teams');
  return result;
}
