import type { Knex } from 'knex';
import type { RecordedEvent } from '@circuit/shared/ports/event-store';
import { CertificateEventSchemas as C } from '@circuit/shared/events/certificates';
import type { Projection } from '../runner/projection';
import { TableChanges } from '../runner/table-changes';

const EVENT_TYPES = ['CertificateIssued', 'CertificateRevoked', 'CertificateBadgesVisibilitySet'] as const;

/**
 * The certificates read model: one row per certificate as it was printed (for the organiser's and the
 * holder's lists, the PDF and the profile badges) and each holder's badge choice. Set-based per batch
 * (TableChanges): the new rows inserted, revocations and badge choices patched in.
 */
export const certificatesProjection: Projection = {
  name: 'certificates',
  tables: ['certificates', 'certificate_badge_settings'],
  eventTypes: EVENT_TYPES,
  async applyBatch(trx: Knex.Transaction, events: RecordedEvent[]) {
    const certificates = new TableChanges('certificates', ['certificate_id']);
    const settings = new TableChanges('certificate_badge_settings', ['user_id']);
    for (const event of events) {
      if (event.type === 'CertificateIssued') {
        const d = C.CertificateIssued.parse(event.data);
        certificates.insert({
          certificate_id: d.certificateId,
          listing_kind: d.listingKind,
          listing_id: d.listingId,
          holder_id: d.holderId,
          kind: d.kind,
          holder_name: d.holderName,
          listing_title: d.listingTitle,
          listing_path: d.listingPath,
          listing_date: d.listingDate,
          organiser_id: d.organiserId,
          organiser_name: d.organiserName,
          issued_at: d.at,
          prize: d.facts.prize,
          rank: d.facts.rank,
        });
      } else if (event.type === 'CertificateRevoked') {
        const d = C.CertificateRevoked.parse(event.data);
        certificates.patch({ certificate_id: d.certificateId }, { revoked_at: d.at, revoke_reason: d.reason });
      } else if (event.type === 'CertificateBadgesVisibilitySet') {
        const d = C.CertificateBadgesVisibilitySet.parse(event.data);
        settings.insert({ user_id: d.userId, hidden: !d.visible });
        settings.patch({ user_id: d.userId }, { hidden: !d.visible });
      }
    }
    await certificates.flush(trx);
    await settings.flush(trx);
  },
};
