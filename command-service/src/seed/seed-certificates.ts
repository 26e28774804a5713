import { handleCommand, loadState, type CommandContext } from '@circuit/shared/commands/decider';
import { certificatesStream, type CertificateListingKind } from '@circuit/shared/events/certificates';
import type { EventStore } from '@circuit/shared/ports/event-store';
import { accountByUsername, actorOf } from '../accounts/actors';
import { certificateDecider } from '../certificates/certificate-decider';
import { candidatesOf } from '../certificates/certificate-eligibility';
import { newCertificateId } from '../certificates/certificate-service';
import { certifiedListingOf } from '../certificates/certified-listing';
import { seedId } from './seed-ids';

/**
 * The demo's certificates: issued by each organiser, through the decider, for the finished hackathon
 * whose winners are published (smart-mobility-hack: achievement for the winning teams, participation for
 * every member of a submitted project) and the finished quiz (participation for its four completers,
 * achievement for the top 3). One participation certificate of the hackathon is revoked with a reason, so
 * the verification page's revoked state can be seen. A second run issues nothing and revokes nothing.
 */
const FINISHED: { kind: CertificateListingKind; id: string }[] = [
  { kind: 'hackathon', id: 'smart-mobility-hack' },
  { kind: 'quiz', id: seedId('quiz', 0) },
];

export const SEED_REVOKED = { listing: 'smart-mobility-hack', holder: 'dev_rao', reason: 'Issued in error: Dev left the team before the final demo.' } as const;

export async function seedCertificates(deps: { store: EventStore; now?: () => Date }, ctx: CommandContext = { correlationId: 'seed' }): Promise<{ issued: number; revoked: number }> {
  const now = deps.now ?? (() => new Date());
  let issued = 0;
  let revoked = 0;
  for (const { kind, id } of FINISHED) {
    const listing = await certifiedListingOf(deps.store, kind, id).catch(() => null);
    if (!listing?.exists) continue;
    const actor = await actorOf(deps.store, listing.organiserId);
    const stream = certificatesStream(kind, listing.listingId);
    const candidates = await candidatesOf(deps.store, listing);
    const result = await handleCommand(deps.store, stream, certificateDecider, { type: 'Issue', listing, actor, candidates, ids: candidates.map(newCertificateId), now: now() }, { ...ctx, userId: actor.userId }, now);
    issued += result.events.length;
    if (id !== SEED_REVOKED.listing) continue;
    const holder = await accountByUsername(deps.store, SEED_REVOKED.holder);
    const { state } = await loadState(deps.store, stream, certificateDecider);
    const certificates = Object.entries(state.certificates);
    const target = certificates.find(([, c]) => c.holderId === holder?.userId && c.kind === 'participation');
    if (!target || certificates.some(([, c]) => c.revoked)) continue;
    await handleCommand(deps.store, stream, certificateDecider, { type: 'Revoke', listing, actor, certificateId: target[0], reason: SEED_REVOKED.reason, now: now() }, { ...ctx, userId: actor.userId }, now);
    revoked += 1;
  }
  return { issued, revoked };
}
