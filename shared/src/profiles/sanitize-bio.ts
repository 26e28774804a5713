import sanitizeHtml from 'sanitize-html';

/**
 * The rich-text allow-list of spec 1 section 5: script, style, meta and link elements go with
 * their content; only href, src, alt and title survive as attributes (and a font's size); links
 * keep only http(s) and mailto schemes (so no javascript:). Unlike the editor's paste filter of
 * the spec, `class` and `style` are dropped too: with the page's own classes a bio could cover
 * the whole profile with, say, a fake sign-in link.
 */
export function sanitizeBio(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: ['p', 'br', 'b', 'strong', 'i', 'em', 'u', 's', 'strike', 'a', 'ul', 'ol', 'li', 'blockquote', 'code', 'pre', 'h1', 'h2', 'h3', 'h4', 'span', 'div', 'font', 'img', 'hr', 'sub', 'sup'],
    allowedAttributes: { '*': ['title'], a: ['href', 'title'], img: ['src', 'alt', 'title'], font: ['size'] },
    allowedClasses: {},
    allowedStyles: {},
    allowedSchemes: ['http', 'https', 'mailto'],
    allowedSchemesByTag: { img: ['http', 'https'] },
    allowProtocolRelative: false,
    nonTextTags: ['script', 'style', 'meta', 'link', 'textarea', 'noscript', 'title', 'head'],
    // An image without a web address or an upload of ours (`<img src=x>`, no src) could only show as broken.
    exclusiveFilter: (frame) => frame.tag === 'img' && !/^(https?:\/\/[^/]|\/uploads\/)/i.test(frame.attribs.src ?? ''),
  });
}

/** The visible text of a bio, for its 500-character limit. */
export function bioTextLength(html: string): number {
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).replace(/&nbsp;/g, ' ').length;
}
