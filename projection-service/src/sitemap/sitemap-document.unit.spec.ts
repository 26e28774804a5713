import { describe, expect, it } from 'vitest';
import { fixedSection, sitemapDocument, type SitemapFile, type SitemapSection } from './sitemap-document';
import { escapeXml } from './sitemap-xml';

const ORIGIN = 'https://circuit.example.test';
const CHANGED = new Date('2026-03-04T05:06:07.890Z');

/** Pages with a last change, read `batch` at a time as the database sections are. */
function pagesSection(paths: string[], batch = 2): SitemapSection {
  return {
    count: paths.length,
    async *read(offset, limit) {
      for (let at = offset; at < offset + limit; at += batch) yield paths.slice(at, Math.min(at + batch, offset + limit)).map((path) => ({ path, lastmod: CHANGED }));
    },
  };
}

async function textOf(sections: SitemapSection[], file: SitemapFile, perFile: number): Promise<string | null> {
  const document = sitemapDocument(ORIGIN, sections, file, perFile);
  if (!document) return null;
  let text = '';
  for await (const chunk of document) text += chunk;
  return text;
}

const locsOf = (xml: string | null) => [...(xml ?? '').matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);
const HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';

describe('the sitemap documents', () => {
  const fixed = () => fixedSection([{ path: '/' }, { path: '/about' }]);

  it('up to the limit, /sitemap.xml is one urlset of every page in order, and there is no numbered file', async () => {
    const sections = [fixed(), pagesSection(['/hackathons/a'])];
    const xml = await textOf(sections, 'root', 3);
    expect(xml).toBe(
      `${HEAD}<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n` +
        `<url><loc>${ORIGIN}/</loc></url>\n<url><loc>${ORIGIN}/about</loc></url>\n` +
        `<url><loc>${ORIGIN}/hackathons/a</loc><lastmod>2026-03-04T05:06:07Z</lastmod></url>\n</urlset>\n`,
    );
    expect(await textOf(sections, 1, 3)).toBeNull();
  });

  it('past the limit, /sitemap.xml is an index of /sitemaps/<n>.xml files of at most the limit each, the slices running across kinds', async () => {
    const sections = [fixed(), pagesSection(['/hackathons/a', '/hackathons/b', '/hackathons/c', '/hackathons/d', '/hackathons/e']), pagesSection([]), pagesSection(['/in/asha'])];
    const index = await textOf(sections, 'root', 3);
    expect(index).toBe(
      `${HEAD}<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n` +
        [1, 2, 3].map((n) => `<sitemap><loc>${ORIGIN}/sitemaps/${n}.xml</loc></sitemap>\n`).join('') +
        '</sitemapindex>\n',
    );
    const files = await Promise.all([1, 2, 3].map((n) => textOf(sections, n, 3)));
    for (const file of files) expect(file).toMatch(/^<\?xml [^\n]+\n<urlset [^\n]+\n[\s\S]*<\/urlset>\n$/);
    expect(files.map(locsOf)).toEqual([
      ['/', '/about', '/hackathons/a'],
      ['/hackathons/b', '/hackathons/c', '/hackathons/d'],
      ['/hackathons/e', '/in/asha'],
    ].map((paths) => paths.map((path) => ORIGIN + path)));
    expect(await textOf(sections, 4, 3)).toBeNull();
    expect(await textOf(sections, 0, 3)).toBeNull();
  });

  it('exactly the limit is still one file; one page more splits it', async () => {
    expect(await textOf([fixed(), pagesSection(['/quiz/1'])], 'root', 3)).toContain('<urlset ');
    expect(locsOf(await textOf([fixed(), pagesSection(['/quiz/1', '/quiz/2'])], 'root', 3))).toEqual([`${ORIGIN}/sitemaps/1.xml`, `${ORIGIN}/sitemaps/2.xml`]);
  });

  it('escapes the five XML special characters in every address', async () => {
    expect(escapeXml(`a&b<c>d"e'f`)).toBe('a&amp;b&lt;c&gt;d&quot;e&apos;f');
    const xml = await textOf([fixedSection([{ path: `/in/${encodeURIComponent("o'neil&co")}` }, { path: `/odd?a=1&b=<2>"'` }])], 'root', 10);
    expect(locsOf(xml)).toEqual([`${ORIGIN}/in/o&apos;neil%26co`, `${ORIGIN}/odd?a=1&amp;b=&lt;2&gt;&quot;&apos;`]);
    // No ampersand but an entity's, no markup but the document's own.
    expect(xml).not.toMatch(/&(?!(amp|lt|gt|quot|apos);)/);
    expect(xml?.replace(/<\/?(\?xml|urlset|url|loc)\b[^>]*>/g, '')).not.toMatch(/[<>]/);
  });
});
