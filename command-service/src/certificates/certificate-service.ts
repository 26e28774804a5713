import crypto from 'node:crypto';
import { handleCommand, loadState, type CommandContext } from '@circuit/shared/commands/decider';
import { certificateBadgesStream, certificatesStream, type CertificateListingKind } from '@circuit/shared/events/certificates';
import type { CertificateCounts, CertificatePreview, CertificatesIssued } from '@circuit/shared/api/certificates';
import type { CommandServiceDeps } from '../context';
import { caughtUp } from '../http/read-your-writes';
import { hostActorOf } from '../check-in/co-host-roles';
import { assertOrganiser, certificateDecider, hasEnded, stillToIssue, type Candidate } from './certificate-decider';
import { badgeVisibilityDecider } from './badge-visibility-decider';
import { candidatesOf } from './certificate-eligibility';
import { certifiedListingOf } from './certified-listing';

/** A certificate's id: 128 random bits in base64url, so a verification link cannot be guessed. */
export const newCertificateId = () => crypto.randomBytes(16).toString('base64url');

const countsOf = (candidates: readonly Pick<Candidate, 'kind'>[]): CertificateCounts => ({
  participation: candidates.filter((c) => c.kind === 'participation').length,
  achievement: candidates.filter((c) => c.kind === 'achievement').length,
});

/** The organiser's certificate use cases and the holder's badge switch; writes answer once the read models show them. */
export function createCertificateService(deps: CommandServiceDeps) {
  const now = deps.now ?? (() => new Date());

  async function organised(userId: string, kind: CertificateListingKind, id: string) {
    // The listing first: an event or hackathon may be named by username, its co-hosts' stream only by id.
    const listing = await certifiedListingOf(deps.store, kind, id);
    const actor = await hostActorOf(deps.store, kind, listing.listingId, userId);
    assertOrganiser(listing, actor);
    return { listing, actor };
  }

  return {
    /** What an issue would give now: read from the same streams the issue decides from, appending nothing. */
    async preview(userId: string, kind: CertificateListingKind, id: string): Promise<CertificatePreview> {
      const { listing } = await organised(userId, kind, id);
      const [candidates, { state }] = await Promise.all([candidatesOf(deps.store, listing), loadState(deps.store, certificatesStream(kind, listing.listingId), certificateDecider)]);
      return { listingId: listing.listingId, ended: hasEnded(listing, now()), endsAt: listing.endsAt || null, eligible: countsOf(candidates), toIssue: countsOf(stillToIssue(state, candidates)) };
    },

    async issue(userId: string, kind: CertificateListingKind, id: string, ctx: CommandContext): Promise<CertificatesIssued> {
      const { listing, actor } = await organised(userId, kind, id);
      const candidates = await candidatesOf(deps.store, listing);
      const ids = candidates.map(newCertificateId);
      const result = await handleCommand(deps.store, certificatesStream(kind, listing.listingId), certificateDecider, { type: 'Issue', listing, actor, candidates, ids, now: now() }, ctx, now);
      await caughtUp(deps.progress, result.position, result.events);
      return { listingKind: kind, listingId: listing.listingId, issued: countsOf(result.events.flatMap((e) => (e.type === 'CertificateIssued' ? [e.data] : []))) };
    },

    async revoke(userId: string, kind: CertificateListingKind, id: string, certificateId: string, reason: string, ctx: CommandContext): Promise<{ certificateId: string }> {
      const { listing, actor } = await organised(userId, kind, id);
      const result = await handleCommand(deps.store, certificatesStream(kind, listing.listingId), certificateDecider, { type: 'Revoke', listing, actor, certificateId, reason, now: now() }, ctx, now);
      await caughtUp(deps.progress, result.position, result.events);
      return { certificateId };
    },

    async setBadgeVisibility(userId: string, visible: boolean, ctx: CommandContext): Promise<{ visible: boolean }> {
      const result = await handleCommand(deps.store, certificateBadgesStream(userId), badgeVisibilityDecider, { userId, visible, now: now() }, ctx, now);
      await caughtUp(deps.progress, result.position, result.events);
      return { visible };
    },
  };
}

export type CertificateService = ReturnType<typeof createCertificateService>;
