import crypto from 'node:crypto';
import { handleCommand, loadState, type CommandContext } from '@circuit/shared/commands/decider';
import { hackathonRosterStream } from '@circuit/shared/events/hackathon-registrations';
import { hackathonReviewStream } from '@circuit/shared/events/hackathon-reviews';
import type { ReviewBody } from '@circuit/shared/validation/hackathon-reviews';
import type { CommandServiceDeps } from '../context';
import { caughtUp } from '../http/read-your-writes';
import { rosterDecider } from '../hackathon-registrations/roster-decider';
import { findListing, listingTakesRegistrations } from '../hackathons/listing-lookup';
import { reviewDecider, type ReviewCommand } from './review-decider';

type Omitted<C> = C extends unknown ? Omit<C, 'listing' | 'userId' | 'now'> : never;

/** Review use cases; each answers after the reviews read model includes what it appended. */
export function createReviewService(deps: CommandServiceDeps) {
  const now = deps.now ?? (() => new Date());

  async function execute(userId: string, idOrUsername: string, command: Omitted<ReviewCommand>, ctx: CommandContext): Promise<string> {
    const listing = await findListing(deps.store, idOrUsername);
    const result = await handleCommand(
      deps.store,
      hackathonReviewStream(listing.hackathonId, userId),
      reviewDecider,
      { ...command, listing, userId, now: now() } as ReviewCommand,
      ctx,
      now,
    );
    await caughtUp(deps.progress, result.position, result.events);
    return listing.hackathonId;
  }

  /** Registered on the hackathon's roster (only asked when the hackathon takes registrations). */
  async function isRegistered(hackathonId: string, userId: string): Promise<boolean> {
    const { state } = await loadState(deps.store, hackathonRosterStream(hackathonId), rosterDecider);
    return Object.hasOwn(state.entrants, userId);
  }

  return {
    async submit(userId: string, idOrUsername: string, body: ReviewBody, ctx: CommandContext): Promise<string> {
      const listing = await findListing(deps.store, idOrUsername);
      const registered = listingTakesRegistrations(listing) && listing.exists ? await isRegistered(listing.hackathonId, userId) : false;
      return execute(userId, listing.hackathonId, { type: 'SubmitReview', reviewId: crypto.randomUUID(), rating: body.rating, comment: body.comment, registered }, ctx);
    },
    async edit(userId: string, idOrUsername: string, body: ReviewBody, ctx: CommandContext): Promise<string> {
      return execute(userId, idOrUsername, { type: 'EditReview', rating: body.rating, comment: body.comment }, ctx);
    },
    async remove(userId: string, idOrUsername: string, ctx: CommandContext): Promise<string> {
      return execute(userId, idOrUsername, { type: 'DeleteReview' }, ctx);
    },
  };
}

export type ReviewService = ReturnType<typeof createReviewService>;
