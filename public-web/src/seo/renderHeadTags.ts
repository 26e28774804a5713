import type { JsonLd, PageHead } from './pageHead';

/**
 * A PageHead as the HTML that goes inside <head>. Every value comes from what members typed (titles,
 * bios, banner URLs), so every one is escaped: nothing in them can close a tag, an attribute or a script.
 */

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text or an attribute value (double- or single-quoted), safe as either. */
export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);

/*
 * Inside <script> HTML entities are not decoded, so JSON-LD escapes the JSON way: '<' and '>' as \u003c and
 * \u003e ('</script>' or '<!--' can then never appear), '&' too, and U+2028/U+2029, which JSON allows in
 * strings but older JavaScript parsers took for line ends.
 */
const JSON_ESCAPES: Record<string, string> = { '<': '\\u003c', '>': '\\u003e', '&': '\\u0026', '\u2028': '\\u2028', '\u2029': '\\u2029' };

/** A value as JSON that may stand inside any <script> element (JSON-LD, the server render's data block). */
export const scriptSafeJson = (value: unknown): string => JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => JSON_ESCAPES[c] ?? c);

/** One JSON-LD node as its script element. */
export function jsonLdScript(data: JsonLd): string {
  return `<script type="application/ld+json">${scriptSafeJson(data)}</script>`;
}

const meta = (key: 'name' | 'property', id: string, content: string | number | undefined) =>
  content === undefined || content === '' ? '' : `<meta ${key}="${id}" content="${escapeHtml(String(content))}">`;

/** og:image and its facts, or the twitter:image pair: nothing without an image. */
function imageTags(head: PageHead, network: 'og' | 'twitter'): string[] {
  const image = head.image;
  if (!image) return [];
  if (network === 'twitter') return [meta('name', 'twitter:image', image.url), meta('name', 'twitter:image:alt', image.alt)];
  return [
    meta('property', 'og:image', image.url),
    meta('property', 'og:image:alt', image.alt),
    meta('property', 'og:image:width', image.width),
    meta('property', 'og:image:height', image.height),
  ];
}

/**
 * <title>, description, canonical (not on a noindex page: it would ask to index the address it names),
 * robots, Open Graph, Twitter and each JSON-LD node, one a line.
 */
export function renderHeadTags(head: PageHead): string {
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    meta('name', 'description', head.description),
    head.noindex ? meta('name', 'robots', 'noindex') : `<link rel="canonical" href="${escapeHtml(head.canonical)}">`,
    meta('property', 'og:site_name', head.siteName),
    meta('property', 'og:type', head.ogType),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', head.canonical),
    ...imageTags(head, 'og'),
    ...(head.profile
      ? [meta('property', 'profile:first_name', head.profile.firstName), meta('property', 'profile:last_name', head.profile.lastName), meta('property', 'profile:username', head.profile.username)]
      : []),
    meta('name', 'twitter:card', head.twitterCard),
    meta('name', 'twitter:title', head.title),
    meta('name', 'twitter:description', head.description),
    ...imageTags(head, 'twitter'),
    ...head.jsonLd.map(jsonLdScript),
  ];
  return tags.filter(Boolean).join('\n');
}
