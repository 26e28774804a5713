import type { Decider } from '@circuit/shared/commands/decider';
import { conflict, forbidden, notFound, refused } from '@circuit/shared/commands/domain-errors';
import type { DomainEvent } from '@circuit/shared/events/catalogue';
import type { CertificateFacts, CertificateKind, CertificateListingKind } from '@circuit/shared/events/certificates';
import { CertificateMessages as M } from '@circuit/shared/api/certificates';
import type { Actor } from '../accounts/actors';
import { mayManage } from '../listings/listing-decider';

/**
 * The certificates of one listing, `certificates-<kind>-<listingId>`. One stream per listing holds every
 * certificate of it, so "one per person, kind and listing" is decided here: an issue adds only those
 * eligible who have no certificate of that kind yet (a revoked one counts: it is not issued again by a
 * bulk issue), and issuing twice appends nothing.
 */

export interface CertifiedListing {
  listingKind: CertificateListingKind;
  listingId: string;
  exists: boolean;
  organiserId: string;
  organiserName: string;
  title: string;
  /** When the listing ends (ISO; '' when it has no end). */
  endsAt: string;
  path: string;
}

/** Someone eligible for a certificate, with the facts the issue rests on. */
export interface Candidate {
  holderId: string;
  holderName: string;
  kind: CertificateKind;
  facts: CertificateFacts;
}

interface Held {
  holderId: string;
  kind: CertificateKind;
  revoked: boolean;
}

export interface CertificatesState {
  certificates: Readonly<Record<string, Held>>;
}

export type CertificateEvent = DomainEvent<'CertificateIssued' | 'CertificateRevoked'>;

export type CertificateCommand =
  /** `ids`: a fresh random id for each candidate, in order (made by the caller, so the decider stays pure). */
  | { type: 'Issue'; listing: CertifiedListing; actor: Actor; candidates: readonly Candidate[]; ids: readonly string[]; now: Date }
  | { type: 'Revoke'; listing: CertifiedListing; actor: Actor; certificateId: string; reason: string; now: Date };

const keyOf = (holderId: string, kind: CertificateKind) => `${holderId}/${kind}`;

export const hasEnded = (listing: CertifiedListing, now: Date) => listing.endsAt !== '' && Date.parse(listing.endsAt) <= now.getTime();

/** The candidates with no certificate of their kind yet (each person and kind once, the first candidate winning). */
export function stillToIssue(state: CertificatesState, candidates: readonly Candidate[]): Candidate[] {
  const held = new Set(Object.values(state.certificates).map((c) => keyOf(c.holderId, c.kind)));
  return candidates.filter((c) => {
    const key = keyOf(c.holderId, c.kind);
    if (held.has(key)) return false;
    held.add(key);
    return true;
  });
}

/** The organiser, an admin or a manager co-host (the actor carries their role, check-in/co-host-roles.ts): the listing core's own rule. */
export function assertOrganiser(listing: CertifiedListing, actor: Actor): void {
  if (!listing.exists) throw notFound('Listing not found');
  if (!mayManage({ createdBy: listing.organiserId }, actor)) throw forbidden(M.notOrganiser);
}

export const certificateDecider: Decider<CertificatesState, CertificateCommand, CertificateEvent> = {
  initialState: () => ({ certificates: {} }),
  evolve(state, event) {
    if (event.type === 'CertificateIssued') {
      const { certificateId, holderId, kind } = event.data;
      return { certificates: { ...state.certificates, [certificateId]: { holderId, kind, revoked: false } } };
    }
    if (event.type === 'CertificateRevoked') {
      const held = state.certificates[event.data.certificateId];
      return held ? { certificates: { ...state.certificates, [event.data.certificateId]: { ...held, revoked: true } } } : state;
    }
    return state;
  },
  decide(command, state) {
    const { listing, actor, now } = command;
    assertOrganiser(listing, actor);
    const at = now.toISOString();
    const on = { listingKind: listing.listingKind, listingId: listing.listingId, at, byUserId: actor.userId };
    if (command.type === 'Revoke') {
      const held = state.certificates[command.certificateId];
      if (!held) throw notFound(M.notFound);
      if (held.revoked) throw conflict(M.alreadyRevoked);
      const reason = command.reason.trim();
      if (!reason) throw refused(M.reasonRequired);
      return [{ type: 'CertificateRevoked', data: { ...on, certificateId: command.certificateId, reason } }];
    }
    if (!hasEnded(listing, now)) throw refused(M.notEnded);
    return stillToIssue(state, command.candidates).map((c, i) => ({
      type: 'CertificateIssued' as const,
      data: {
        ...on,
        certificateId: command.ids[i] ?? '',
        holderId: c.holderId,
        kind: c.kind,
        holderName: c.holderName,
        listingTitle: listing.title,
        listingDate: listing.endsAt,
        listingPath: listing.path,
        organiserId: listing.organiserId,
        organiserName: listing.organiserName,
        facts: c.facts,
      },
    }));
  },
};
