import type { Knex } from 'knex';
import type { CertificateBadge, CertificateSummary } from '@circuit/shared/api/certificates';
import type { CertificateKind, CertificateListingKind } from '@circuit/shared/events/certificates';

export interface CertificateRow {
  certificate_id: string;
  listing_kind: CertificateListingKind;
  listing_id: string;
  holder_id: string;
  kind: CertificateKind;
  holder_name: string;
  listing_title: string;
  listing_path: string;
  listing_date: Date | string;
  organiser_id: string;
  organiser_name: string;
  issued_at: Date | string;
  prize: string | null;
  rank: number | null;
  revoked_at: Date | string | null;
  revoke_reason: string | null;
}

const iso = (value: Date | string) => new Date(value).toISOString();

export const summaryOf = (r: CertificateRow): CertificateSummary => ({
  certificateId: r.certificate_id,
  kind: r.kind,
  holderId: r.holder_id,
  holderName: r.holder_name,
  listingKind: r.listing_kind,
  listingId: r.listing_id,
  listingTitle: r.listing_title,
  listingPath: r.listing_path,
  listingDate: iso(r.listing_date),
  organiserName: r.organiser_name,
  rank: r.rank,
  prize: r.prize,
  issuedAt: iso(r.issued_at),
  revokedAt: r.revoked_at ? iso(r.revoked_at) : null,
  revokeReason: r.revoke_reason,
});

export const badgeOf = (r: CertificateRow): CertificateBadge => ({
  certificateId: r.certificate_id,
  kind: r.kind,
  listingKind: r.listing_kind,
  listingTitle: r.listing_title,
  rank: r.rank,
  prize: r.prize,
  issuedAt: iso(r.issued_at),
});

export const certificateRow = async (knex: Knex, certificateId: string): Promise<CertificateRow | undefined> => (await knex('certificates').where({ certificate_id: certificateId }).first()) as CertificateRow | undefined;

const newestFirst = (q: Knex.QueryBuilder) => q.orderBy([{ column: 'issued_at', order: 'desc' }, { column: 'kind' }, { column: 'holder_name' }]);

export const holderCertificates = async (knex: Knex, holderId: string): Promise<CertificateRow[]> => (await newestFirst(knex('certificates').where({ holder_id: holderId }))) as CertificateRow[];

export const listingCertificates = async (knex: Knex, kind: CertificateListingKind, listingId: string): Promise<CertificateRow[]> =>
  (await knex('certificates').where({ listing_kind: kind, listing_id: listingId }).orderBy([{ column: 'kind' }, { column: 'rank', nulls: 'last' }, { column: 'holder_name' }])) as CertificateRow[];

/** The badges a profile shows: unrevoked certificates, none at all when the holder hid them. */
export async function visibleBadges(knex: Knex, holderId: string): Promise<CertificateBadge[]> {
  const setting = (await knex('certificate_badge_settings').where({ user_id: holderId }).first()) as { hidden: boolean } | undefined;
  if (setting?.hidden) return [];
  const rows = (await newestFirst(knex('certificates').where({ holder_id: holderId }).whereNull('revoked_at'))) as CertificateRow[];
  return rows.map(badgeOf);
}

export async function badgesVisible(knex: Knex, userId: string): Promise<boolean> {
  const setting = (await knex('certificate_badge_settings').where({ user_id: userId }).first()) as { hidden: boolean } | undefined;
  return !setting?.hidden;
}
