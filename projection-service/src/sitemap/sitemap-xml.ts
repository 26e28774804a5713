/**
 * The XML of the sitemaps protocol (https://www.sitemaps.org/protocol.html): a `<urlset>` of page
 * addresses, or a `<sitemapindex>` of sitemap files when the pages are too many for one.
 */

/** A public page: its path on the web app, and when what it shows last changed (when known). */
export interface SitemapUrl {
  path: string;
  lastmod?: Date | null;
}

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';

// The protocol asks for all five entities, the apostrophe included (encodeURIComponent leaves it as it is).
const ENTITIES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
export const escapeXml = (text: string): string => text.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);

/** W3C Datetime to the second, in UTC (the protocol's <lastmod> format). */
export const w3cDatetime = (at: Date): string => at.toISOString().replace(/\.\d{3}Z$/, 'Z');

/** Where the n-th file (from 1) of a split sitemap is served. */
export const sitemapFilePath = (n: number): string => `/sitemaps/${n}.xml`;

const urlElement = (origin: string, url: SitemapUrl): string =>
  `<url><loc>${escapeXml(origin + url.path)}</loc>${url.lastmod ? `<lastmod>${w3cDatetime(url.lastmod)}</lastmod>` : ''}</url>\n`;

/** A `<urlset>` of the pages as they come, one chunk of text per batch (the batches of a database read). */
export async function* urlsetXml(origin: string, batches: AsyncIterable<readonly SitemapUrl[]>): AsyncGenerator<string> {
  yield `${XML_DECLARATION}<urlset xmlns="${NAMESPACE}">\n`;
  for await (const batch of batches) yield batch.map((url) => urlElement(origin, url)).join('');
  yield '</urlset>\n';
}

/** A `<sitemapindex>` of `files` split files, from /sitemaps/1.xml on. */
export function sitemapIndexXml(origin: string, files: number): string {
  const entries = Array.from({ length: files }, (_, i) => `<sitemap><loc>${escapeXml(origin + sitemapFilePath(i + 1))}</loc></sitemap>\n`);
  return `${XML_DECLARATION}<sitemapindex xmlns="${NAMESPACE}">\n${entries.join('')}</sitemapindex>\n`;
}
