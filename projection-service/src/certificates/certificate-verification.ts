import type { Knex } from 'knex';
import type { CertificateVerification } from '@circuit/shared/api/certificates';
import { checkInFacts } from '@circuit/shared/certificates/check-in-facts';
import { notFound } from '@circuit/shared/commands/domain-errors';
import { checkInStream } from '@circuit/shared/events/check-in';
import { CertificateEventSchemas as C, certificatesStream } from '@circuit/shared/events/certificates';
import { CertificateMessages as M } from '@circuit/shared/api/certificates';
import type { EventStore } from '@circuit/shared/ports/event-store';

/**
 * The public verification of a certificate, read from the event store rather than a read model, like the
 * console's audit views: the read model only says which listing's stream holds the id; the answer is that
 * stream replayed (the certificate's issue and any revocation) and the listing's check-in stream replayed
 * for the holder, so an undo at the door after the certificate was issued shows here as it stands now.
 */
export async function verificationOf(knex: Knex, store: EventStore, certificateId: string): Promise<CertificateVerification> {
  const located = (await knex('certificates').where({ certificate_id: certificateId }).first('listing_kind', 'listing_id')) as { listing_kind: 'event' | 'hackathon' | 'quiz'; listing_id: string } | undefined;
  if (!located) throw notFound(M.notFound);
  const [stream, doors] = await Promise.all([store.readStream(certificatesStream(located.listing_kind, located.listing_id)), store.readStream(checkInStream(located.listing_kind, located.listing_id))]);
  const issuedEvent = stream.find((e) => e.type === 'CertificateIssued' && C.CertificateIssued.parse(e.data).certificateId === certificateId);
  if (!issuedEvent) throw notFound(M.notFound);
  const issued = C.CertificateIssued.parse(issuedEvent.data);
  const revocation = stream.map((e) => (e.type === 'CertificateRevoked' ? C.CertificateRevoked.parse(e.data) : null)).find((r) => r?.certificateId === certificateId) ?? null;
  const door = checkInFacts(doors).get(issued.holderId);
  return {
    certificate: {
      certificateId,
      kind: issued.kind,
      holderId: issued.holderId,
      holderName: issued.holderName,
      listingKind: issued.listingKind,
      listingId: issued.listingId,
      listingTitle: issued.listingTitle,
      listingPath: issued.listingPath,
      listingDate: issued.listingDate,
      organiserName: issued.organiserName,
      rank: issued.facts.rank,
      prize: issued.facts.prize,
      issuedAt: issued.at,
      revokedAt: revocation?.at ?? null,
      revokeReason: revocation?.reason ?? null,
    },
    facts: issued.facts,
    checkIn: door ? { state: door.state, at: door.at } : { state: 'none', at: null },
    eventsRead: stream.length + doors.length,
  };
}
