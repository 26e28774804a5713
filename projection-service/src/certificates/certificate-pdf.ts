import type { Color, PDFFont, PDFPage } from 'pdf-lib';
import type { CertificateSummary } from '@circuit/shared/api/certificates';
import { achievementLine, CERTIFICATE_TITLES, LISTING_WORDS } from '@circuit/shared/certificates/wording';

/**
 * A certificate as a one-page PDF, drawn on the server with pdf-lib's standard fonts (nothing to fetch):
 * landscape A4, two frames, the kind as the title, the holder's name, what they did and where, the date,
 * the organiser, and a QR code (drawn as vector squares) with the verification link beside it.
 */

const A4_LANDSCAPE: [number, number] = [841.89, 595.28];

/**
 * pdf-lib and qrcode load with the first certificate asked for, not with the process: some 5 MB of heap a server
 * that draws no certificate need not hold.
 */
let libraries: Promise<{ pdfLib: typeof import('pdf-lib'); qrcode: typeof import('qrcode') }> | undefined;
const loadLibraries = () => (libraries ??= Promise.all([import('pdf-lib'), import('qrcode')]).then(([pdfLib, qr]) => ({ pdfLib, qrcode: qr.default })));


const dateLabel = (iso: string) => new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** Letters with a stroke that NFKD leaves whole. */
const UNDECOMPOSED: Record<string, string> = { Ł: 'L', ł: 'l', Đ: 'D', đ: 'd', Ħ: 'H', ħ: 'h', ı: 'i' };

/** Standard fonts write WinAnsi only: accents are dropped to their letter, and what cannot be written becomes "?". */
function printable(text: string, font: PDFFont): string {
  return [...text]
    .map((ch) => {
      for (const candidate of [ch, ch.normalize('NFKD').replace(/\p{M}/gu, ''), UNDECOMPOSED[ch] ?? '']) {
        try {
          if (candidate) {
            font.encodeText(candidate);
            return candidate;
          }
        } catch {
          // Not in WinAnsi: try the next form.
        }
      }
      return '?';
    })
    .join('');
}

function centred(page: PDFPage, text: string, y: number, font: PDFFont, size: number, color: Color, maxWidth = 700): void {
  const safe = printable(text, font);
  let fitted = size;
  while (fitted > 10 && font.widthOfTextAtSize(safe, fitted) > maxWidth) fitted -= 1;
  const width = font.widthOfTextAtSize(safe, fitted);
  page.drawText(safe, { x: (page.getWidth() - width) / 2, y, size: fitted, font, color });
}


function drawQr(qrcode: typeof import('qrcode'), page: PDFPage, text: string, x: number, y: number, size: number, color: Color): void {
  const { modules } = qrcode.create(text, { errorCorrectionLevel: 'M' });
  const cell = size / modules.size;
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) {
      if (modules.get(row, col)) page.drawRectangle({ x: x + col * cell, y: y + size - (row + 1) * cell, width: cell, height: cell, color });
    }
  }
}

export async function certificatePdf(c: CertificateSummary, verifyUrl: string): Promise<Uint8Array> {
  const { pdfLib, qrcode } = await loadLibraries();
  const { PDFDocument, StandardFonts, rgb } = pdfLib;
  const [ink, muted, gold] = [rgb(0.09, 0.13, 0.27), rgb(0.36, 0.4, 0.48), rgb(0.72, 0.56, 0.2)];
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${CERTIFICATE_TITLES[c.kind]}: ${c.holderName}, ${c.listingTitle}`);
  pdf.setAuthor(c.organiserName || 'Circuit');
  pdf.setCreator('Circuit');
  pdf.setSubject(verifyUrl);
  const page = pdf.addPage(A4_LANDSCAPE);
  const serif = await pdf.embedFont(StandardFonts.TimesRoman);
  const serifBold = await pdf.embedFont(StandardFonts.TimesRomanBold);
  const sans = await pdf.embedFont(StandardFonts.Helvetica);
  const sansBold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const { width, height } = page.getSize();

  page.drawRectangle({ x: 22, y: 22, width: width - 44, height: height - 44, borderColor: ink, borderWidth: 2 });
  page.drawRectangle({ x: 30, y: 30, width: width - 60, height: height - 60, borderColor: gold, borderWidth: 0.75 });

  centred(page, 'C I R C U I T', height - 80, sansBold, 11, gold);
  centred(page, CERTIFICATE_TITLES[c.kind], height - 135, serifBold, 36, ink);
  centred(page, 'This certifies that', height - 185, sans, 13, muted);
  centred(page, c.holderName, height - 240, serifBold, 40, ink);
  page.drawLine({ start: { x: width / 2 - 200, y: height - 262 }, end: { x: width / 2 + 200, y: height - 262 }, thickness: 0.75, color: gold });
  centred(page, achievementLine(c), height - 285, serif, 16, muted);
  centred(page, c.listingTitle, height - 322, sansBold, 22, ink);
  centred(page, `${LISTING_WORDS[c.listingKind]} · ended ${dateLabel(c.listingDate)}`, height - 348, sans, 11, muted);

  // The organiser's line, bottom left.
  page.drawLine({ start: { x: 80, y: 120 }, end: { x: 300, y: 120 }, thickness: 0.75, color: ink });
  page.drawText(printable(c.organiserName, serifBold), { x: 80, y: 128, size: 14, font: serifBold, color: ink });
  page.drawText('Organiser', { x: 80, y: 104, size: 10, font: sans, color: muted });
  page.drawText(`Issued ${dateLabel(c.issuedAt)}`, { x: 80, y: 70, size: 10, font: sans, color: muted });

  // The QR code and the link, bottom right.
  const qr = 84;
  drawQr(qrcode, page, verifyUrl, width - 80 - qr, 62, qr, ink);
  const linkSize = 8;
  const link = printable(verifyUrl, sans);
  const linkWidth = sans.widthOfTextAtSize(link, linkSize);
  page.drawText('Verify this certificate', { x: width - 80 - qr - 14 - sansBold.widthOfTextAtSize('Verify this certificate', 10), y: 120, size: 10, font: sansBold, color: ink });
  page.drawText(link, { x: width - 80 - qr - 14 - linkWidth, y: 104, size: linkSize, font: sans, color: muted });
  return pdf.save();
}

/** "certificate-achievement-smart-mobility-hack-asha-verma.pdf" */
export function certificateFileName(c: Pick<CertificateSummary, 'kind' | 'listingTitle' | 'holderName'>): string {
  const slug = (s: string) => [...s].map((ch) => UNDECOMPOSED[ch] ?? ch).join('').normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 50);
  return `certificate-${c.kind}-${[slug(c.listingTitle), slug(c.holderName)].filter(Boolean).join('-')}.pdf`;
}
