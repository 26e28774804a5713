import { describe, expect, it } from 'vitest';
import type { CertificateVerification } from '@circuit/shared/api/certificates';
import { site } from './answerFixtures';
import { headOfVerification } from './certificateHead';
import { renderHeadTags } from './renderHeadTags';

const answer: CertificateVerification = {
  certificate: {
    certificateId: 'mBFSiwgtZiTbHLK0zmwEEQ',
    kind: 'achievement',
    holderId: 'u1',
    holderName: 'Asha Rao',
    listingKind: 'hackathon',
    listingId: 'h1',
    listingTitle: 'Smart Mobility Hack',
    listingPath: '/hackathons/smart-mobility-hack',
    listingDate: '2026-10-20T12:00:00.000Z',
    organiserName: 'Rahul Verma',
    rank: 1,
    prize: 'Winner',
    issuedAt: '2026-11-29T03:41:00.000Z',
    revokedAt: null,
    revokeReason: null,
  },
  facts: { registeredAt: null, checkedInAt: null, rank: 1, prize: 'Winner', score: null, completedAt: null, projectId: 'p1' },
  checkIn: { state: 'none', at: null },
  eventsRead: 3,
};

describe('headOfVerification', () => {
  it('says who earned what, and keeps the page out of search indexes', () => {
    const head = headOfVerification(answer, site);
    expect(head.title).toBe('Verified: Certificate of Achievement, Asha Rao · Circuit');
    expect(head.description).toBe('Asha Rao was awarded “Winner” at Smart Mobility Hack, organised by Rahul Verma.');
    expect(head.noindex).toBe(true);
    expect(renderHeadTags(head)).toContain('<meta name="robots" content="noindex">');
  });

  it('says so when the certificate was revoked', () => {
    const head = headOfVerification({ ...answer, certificate: { ...answer.certificate, revokedAt: '2026-11-30T00:00:00.000Z', revokeReason: 'x' } }, site);
    expect(head.title).toMatch(/^Revoked: /);
    expect(head.description).toMatch(/This certificate was revoked\.$/);
  });
});
