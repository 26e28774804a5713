/**
 * The HTML of a server-rendered page: the built index.html (its scripts, inlined styles and icons) with the
 * page's own head tags in place of the site's generic title and description, the rendered app in place of
 * the static header between the app-outlet marks, and the data the browser hydrates from before </body>.
 * Every replacement is a function: a `$&` in a listing's text must stay text, not a replacement pattern.
 */
const TITLE = /<title>[\s\S]*?<\/title>/;
const DESCRIPTION = /<meta name="description"[^>]*>\s*/;
const OUTLET = /<!--app-outlet-->[\s\S]*?<!--\/app-outlet-->/;

export interface DocumentParts {
  /** The page's <title>, meta, Open Graph and JSON-LD tags. */
  headTags: string;
  appHtml: string;
  /** The server-state data block (ssr/server-state.ts). */
  state: string;
}

/*
 * The page is there before its code: the code that hydrates it is not named to the browser as the page
 * loads but listed in a meta tag, and public/early.js asks for it once the page has loaded (its images, a
 * listing's banner being its largest paint) or at the visitor's first touch or key, whichever comes first.
 * On a phone's network the code (some 150 KB) would otherwise share the line with the page's own HTML,
 * styles and images. The app's shell, which shows nothing without its code, keeps the build's tags.
 */
const APP_CODE = /[ \t]*<(?:script type="module"[^>]*\ssrc="([^"]+)"[^>]*><\/script>|link rel="modulepreload"[^>]*\shref="([^"]+)"[^>]*>)\s*/g;

/** Takes the app's module script and its preloads out of the template, listed in one meta tag (the entry first). */
function deferAppCode(html: string): string {
  const entries: string[] = [];
  const preloads: string[] = [];
  const without = html.replace(APP_CODE, (_m, entry: string | undefined, preload: string | undefined) => {
    if (entry) entries.push(entry);
    if (preload) preloads.push(preload);
    return '';
  });
  if (entries.length !== 1) throw new Error(`index.html has ${entries.length} module scripts; one is expected`);
  return without.replace('</head>', () => `<meta name="circuit-code" content="${[...entries, ...preloads].join(' ')}" />\n  </head>`);
}

export function pageDocument(template: string, { headTags, appHtml, state }: DocumentParts): string {
  if (!OUTLET.test(template)) throw new Error('index.html has no app-outlet marks');
  let html = template.replace(/<html([^>]*)>/, (_m, attributes: string) => `<html${attributes} data-ssr>`);
  html = deferAppCode(html);
  html = html.replace(DESCRIPTION, () => '').replace(TITLE, () => headTags);
  html = html.replace(OUTLET, () => appHtml);
  return html.replace('</body>', () => `${state}</body>`);
}
