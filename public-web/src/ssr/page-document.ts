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
 * The page is there before its code: the code that hydrates it goes at low priority, behind the page's own
 * images (a listing's banner is its largest paint). The app's shell, which shows nothing without its code,
 * keeps the build's priorities.
 */
const APP_CODE = /<(script type="module"|link rel="modulepreload")/g;

export function pageDocument(template: string, { headTags, appHtml, state }: DocumentParts): string {
  if (!OUTLET.test(template)) throw new Error('index.html has no app-outlet marks');
  let html = template.replace(/<html([^>]*)>/, (_m, attributes: string) => `<html${attributes} data-ssr>`);
  html = html.replace(APP_CODE, (_m, tag: string) => `<${tag} fetchpriority="low"`);
  html = html.replace(DESCRIPTION, () => '').replace(TITLE, () => headTags);
  html = html.replace(OUTLET, () => appHtml);
  return html.replace('</body>', () => `${state}</body>`);
}
