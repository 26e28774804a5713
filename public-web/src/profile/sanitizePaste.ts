/**
 * The paste rule of spec section 5 for the rich-text bio: script, style, meta and link elements are
 * removed, and every attribute other than href, src, alt, title and class is dropped; links that would
 * run code (javascript:, data:, vbscript:) lose their href. The server sanitises again on save.
 */
const REMOVED_ELEMENTS = ['script', 'style', 'meta', 'link', 'title', 'noscript', 'iframe', 'object', 'embed', 'template'];
const KEPT_ATTRIBUTES = new Set(['href', 'src', 'alt', 'title', 'class']);
const SAFE_URL = /^(https?:|mailto:|\/|#)/i;

export function sanitizePastedHtml(html: string): string {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  doc.querySelectorAll(REMOVED_ELEMENTS.join(',')).forEach((element) => element.remove());
  doc.body.querySelectorAll('*').forEach((element) => {
    for (const { name, value } of Array.from(element.attributes)) {
      const keep = KEPT_ATTRIBUTES.has(name.toLowerCase()) && (!(name === 'href' || name === 'src') || SAFE_URL.test(value.trim()));
      if (!keep) element.removeAttribute(name);
    }
  });
  // Comments (Word's conditional ones included) go too.
  const walker = doc.createTreeWalker(doc.body, NodeFilter.SHOW_COMMENT);
  const comments: Node[] = [];
  while (walker.nextNode()) comments.push(walker.currentNode);
  comments.forEach((node) => node.parentNode?.removeChild(node));
  return doc.body.innerHTML;
}

/** The visible text length of some HTML (the bio limit counts text, not markup). */
export function htmlTextLength(html: string): number {
  if (!html) return 0;
  const doc = new DOMParser().parseFromString(html, 'text/html');
  return (doc.body.textContent ?? '').replace(/\u00a0/g, ' ').length;
}

/** Whether a bio holds any text or image (an editor left with only <br> or empty blocks is empty). */
export function isBlankHtml(html: string): boolean {
  if (!html) return true;
  const doc = new DOMParser().parseFromString(html, 'text/html');
  return !(doc.body.textContent ?? '').trim() && !doc.body.querySelector('img');
}
