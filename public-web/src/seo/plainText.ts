/**
 * The text of the answers' sanitised HTML (descriptions, bios) for meta descriptions and JSON-LD, where
 * markup would show as is. No DOM: this runs on the server too.
 */

/** Search results show about this many characters of a description. */
export const DESCRIPTION_MAX = 160;

// Elements that end a line on the page: their text must not run into the next one's ("end.Next").
const BLOCK_TAG = /<\/?(?:p|div|br|hr|li|ul|ol|h[1-6]|blockquote|pre|table|thead|tbody|tr|td|th|section|article|figure|figcaption)\b[^>]*>/gi;
const HIDDEN = /<(script|style|template)\b[^>]*>[\s\S]*?<\/\1\s*>/gi;

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith('#')) {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      // A code point outside Unicode (or a lone surrogate's number) stays as written rather than throwing.
      return code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff) ? String.fromCodePoint(code) : whole;
    }
    return NAMED[name.toLowerCase()] ?? whole;
  });
}

/** The words of a piece of HTML: tags removed, entities decoded, every run of whitespace one space. */
export function plainText(html: string): string {
  const text = html
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(HIDDEN, ' ')
    .replace(BLOCK_TAG, ' ')
    .replace(/<[^>]*>/g, '');
  return decodeEntities(text).replace(/\s+/g, ' ').trim();
}

/**
 * The text cut to at most `max` characters on a word boundary, with an ellipsis when something was cut.
 * A single word longer than the room is cut where the room ends rather than dropped.
 */
export function cutAtWord(text: string, max = DESCRIPTION_MAX): string {
  const folded = text.replace(/\s+/g, ' ').trim();
  if (folded.length <= max) return folded;
  // The ellipsis takes one character: keep the words before the last space at or before max - 1.
  const boundary = folded.lastIndexOf(' ', max - 1);
  const kept = boundary > 0 ? folded.slice(0, boundary) : folded.slice(0, max - 1);
  return `${kept.replace(/[\s,;:.\-–—]+$/, '')}…`;
}
