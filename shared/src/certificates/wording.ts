import type { CertificateKind, CertificateListingKind } from '../events/certificates';

/** The words a certificate is printed and shown with, the same on the PDF and the pages. */
export const CERTIFICATE_TITLES: Record<CertificateKind, string> = { participation: 'Certificate of Participation', achievement: 'Certificate of Achievement' };
export const LISTING_WORDS: Record<CertificateListingKind, string> = { event: 'Event', hackathon: 'Hackathon', quiz: 'Quiz' };

export const ordinal = (n: number) => (n % 100 >= 11 && n % 100 <= 13 ? `${n}th` : `${n}${['th', 'st', 'nd', 'rd'][n % 10] ?? 'th'}`);

/** What the holder did, the words between their name and the listing: "took part in", "won First prize at", "placed 2nd in". */
export function achievementLine(c: { kind: CertificateKind; listingKind: CertificateListingKind; prize: string | null; rank: number | null }): string {
  if (c.kind === 'participation') return c.listingKind === 'quiz' ? 'completed' : 'took part in';
  if (c.prize) return `was awarded “${c.prize}” at`;
  return c.rank ? `placed ${ordinal(c.rank)} in` : 'was among the winners of';
}

/** A badge's short label: "Participation", "First prize", "2nd place". */
export function badgeLabel(c: { kind: CertificateKind; prize: string | null; rank: number | null }): string {
  if (c.kind === 'participation') return 'Participation';
  if (c.prize) return c.prize;
  return c.rank ? `${ordinal(c.rank)} place` : 'Achievement';
}
