import { sitemapIndexXml, urlsetXml, type SitemapUrl } from './sitemap-xml';

/** The protocol's limit of URLs in one sitemap file. */
export const SITEMAP_URL_LIMIT = 50_000;

/** One kind of public page (the fixed pages, a kind of listing, profiles), in a stable order. */
export interface SitemapSection {
  /** How many pages it has, counted before any is read. */
  count: number;
  /** `limit` of its pages from the `offset`-th, a batch at a time. */
  read(offset: number, limit: number): AsyncIterable<readonly SitemapUrl[]>;
}

/** Pages held in memory (the fixed ones) as a section. */
export function fixedSection(urls: readonly SitemapUrl[]): SitemapSection {
  return {
    count: urls.length,
    async *read(offset, limit) {
      yield urls.slice(offset, offset + limit);
    },
  };
}

/** The pages from the `start`-th of all the sections one after the other, `limit` of them at most. */
async function* pagesBetween(sections: readonly SitemapSection[], start: number, limit: number): AsyncGenerator<readonly SitemapUrl[]> {
  let skip = start;
  let left = limit;
  for (const section of sections) {
    if (left <= 0) return;
    if (skip >= section.count) {
      skip -= section.count;
      continue;
    }
    const take = Math.min(left, section.count - skip);
    yield* section.read(skip, take);
    skip = 0;
    left -= take;
  }
}

async function* once(text: string): AsyncGenerator<string> {
  yield text;
}

/** Which document a request names: /sitemap.xml, or the n-th split file (from 1). */
export type SitemapFile = 'root' | number;

/**
 * The text of a sitemap document, or null when there is no such file. Up to `perFile` pages,
 * /sitemap.xml lists them all; past that it is an index of /sitemaps/<n>.xml files of `perFile`
 * pages each. A file is a slice of the sections in their order, by the counts taken now: a page
 * added or removed between two reads shifts the slices by one, which the next crawl evens out.
 */
export function sitemapDocument(origin: string, sections: readonly SitemapSection[], file: SitemapFile, perFile = SITEMAP_URL_LIMIT): AsyncIterable<string> | null {
  const total = sections.reduce((sum, s) => sum + s.count, 0);
  const files = Math.max(1, Math.ceil(total / perFile));
  if (file === 'root') return files === 1 ? urlsetXml(origin, pagesBetween(sections, 0, total)) : once(sitemapIndexXml(origin, files));
  // Unsplit, the pages are all at /sitemap.xml: no index points at a numbered file.
  if (files === 1 || file < 1 || file > files) return null;
  return urlsetXml(origin, pagesBetween(sections, (file - 1) * perFile, perFile));
}
