import sanitizeHtml from 'sanitize-html';

/**
 * The rich-text allow-list of listing descriptions and eligibility criteria: the bio's rules
 * (no script or style content, no classes or styles, links only to http(s) and mailto) plus the
 * headings and tables an organiser's rules and schedules use.
 */
export function sanitizeListingHtml(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: ['p', 'br', 'b', 'strong', 'i', 'em', 'u', 's', 'a', 'ul', 'ol', 'li', 'blockquote', 'code', 'pre', 'h2', 'h3', 'h4', 'span', 'div', 'img', 'hr', 'sub', 'sup', 'table', 'thead', 'tbody', 'tr', 'th', 'td'],
    allowedAttributes: { '*': ['title'], a: ['href', 'title', 'rel', 'target'], img: ['src', 'alt', 'title'] },
    allowedClasses: {},
    allowedStyles: {},
    allowedSchemes: ['http', 'https', 'mailto'],
    allowedSchemesByTag: { img: ['http', 'https'] },
    allowProtocolRelative: false,
    nonTextTags: ['script', 'style', 'meta', 'link', 'textarea', 'noscript', 'title', 'head'],
    exclusiveFilter: (frame) => frame.tag === 'img' && !/^(https?:\/\/[^/]|\/uploads\/)/i.test(frame.attribs.src ?? ''),
    // Links leave the site in a new tab without handing it our page.
    transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer nofollow', target: '_blank' }) },
  });
}
