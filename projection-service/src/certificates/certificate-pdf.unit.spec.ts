import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { CertificateSummary } from '@circuit/shared/api/certificates';
import { certificateFileName, certificatePdf } from './certificate-pdf';

const standardFontDataUrl = `${path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'))}/standard_fonts/`;
const certificate: CertificateSummary = {
  certificateId: 'mBFSiwgtZiTbHLK0zmwEEQ',
  kind: 'achievement',
  holderId: 'u1',
  holderName: 'Zoë Łukasz',
  listingKind: 'quiz',
  listingId: 'q1',
  listingTitle: 'World Capitals Sprint',
  listingPath: '/quizzes/q1',
  listingDate: '2026-10-20T12:00:00.000Z',
  organiserName: 'Olga Organiser',
  rank: 2,
  prize: null,
  issuedAt: '2026-11-29T03:41:00.000Z',
  revokedAt: null,
  revokeReason: null,
};

describe('certificate PDF', () => {
  it('is one landscape A4 page with the name (accents kept, strokes plain), what was earned, the organiser and the link', async () => {
    const bytes = await certificatePdf(certificate, 'https://circuit.example/verify/mBFSiwgtZiTbHLK0zmwEEQ');
    const pdf = await getDocument({ data: bytes, standardFontDataUrl }).promise;
    expect(pdf.numPages).toBe(1);
    const page = await pdf.getPage(1);
    const [, , width, height] = page.view;
    expect([Math.round(width!), Math.round(height!)]).toEqual([842, 595]);
    const text = (await page.getTextContent()).items.map((item) => ('str' in item ? item.str : '')).join('\n');
    for (const expected of ['Certificate of Achievement', 'Zoë Lukasz', 'placed 2nd in', 'World Capitals Sprint', 'Quiz · ended 20 October 2026', 'Olga Organiser', 'https://circuit.example/verify/mBFSiwgtZiTbHLK0zmwEEQ']) expect(text).toContain(expected);
  });

  it('a name in a script the standard fonts cannot write still makes a PDF', async () => {
    await expect(certificatePdf({ ...certificate, holderName: 'अनन्या राव' }, 'https://circuit.example/verify/x')).resolves.toBeInstanceOf(Uint8Array);
  });

  it('is named for the kind, the listing and the holder', () => {
    expect(certificateFileName(certificate)).toBe('certificate-achievement-world-capitals-sprint-zoe-lukasz.pdf');
  });
});
