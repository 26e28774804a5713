import type { CertificateVerification } from '@circuit/shared/api/certificates';
import { achievementLine, CERTIFICATE_TITLES } from '@circuit/shared/certificates/wording';
import { titleOf, urlOf, type PageHead, type Site } from './pageHead';

/**
 * /verify/{id}: who earned what, for a person checking a certificate. Never indexed: a certificate is
 * found through its own link or QR code, not through a search for somebody's name.
 */
export function headOfVerification(answer: CertificateVerification, site: Site): PageHead {
  const c = answer.certificate;
  const state = c.revokedAt ? 'Revoked' : 'Verified';
  return {
    title: titleOf(`${state}: ${CERTIFICATE_TITLES[c.kind]}, ${c.holderName}`, site),
    description: `${c.holderName} ${achievementLine(c)} ${c.listingTitle}, organised by ${c.organiserName}.${c.revokedAt ? ' This certificate was revoked.' : ''}`,
    canonical: urlOf(site, `/verify/${c.certificateId}`),
    siteName: site.name,
    ogType: 'website',
    twitterCard: 'summary',
    jsonLd: [],
    noindex: true,
  };
}
