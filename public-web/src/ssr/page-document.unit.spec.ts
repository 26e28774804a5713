import { describe, expect, it } from 'vitest';
import { pageDocument } from './page-document';
import { readServerState, serverStateScript } from './server-state';

const template = `<!doctype html>
<html lang="en">
  <head>
    <meta name="description" content="Generic" />
    <title>Circuit — generic</title>
    <script type="module" crossorigin src="/assets/index.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react.js">
  </head>
  <body>
    <div id="root"><!--app-outlet--><header>static</header><!--/app-outlet--></div>
  </body>
</html>`;

describe('the document of a server-rendered page', () => {
  it('puts the page head in place of the generic title and description, and the app in place of the static header', () => {
    const html = pageDocument(template, { headTags: '<title>Hack · Circuit</title><meta name="description" content="Mine">', appHtml: '<main>page</main>', state: '<script type="application/json" id="circuit-ssr">{}</script>' });
    expect(html).toContain('<html lang="en" data-ssr>');
    expect(html).toContain('<title>Hack · Circuit</title>');
    expect(html).not.toContain('Circuit — generic');
    expect(html).not.toContain('content="Generic"');
    expect(html).toContain('<div id="root"><main>page</main></div>');
    expect(html).not.toContain('static');
    expect(html).toMatch(/<script type="application\/json" id="circuit-ssr">\{\}<\/script><\/body>/);
  });

  it("names the app's code in a meta tag for early.js to ask for once the page has loaded, instead of script tags", () => {
    const html = pageDocument(template, { headTags: '<title>x</title>', appHtml: '', state: '' });
    expect(html).not.toMatch(/<script type="module"|modulepreload/);
    expect(html).toContain('<meta name="circuit-code" content="/assets/index.js /assets/react.js" />');
  });

  it('takes `$&` and `$1` in a page as text, not as replacement patterns', () => {
    const html = pageDocument(template, { headTags: '<title>$& $1 $$</title>', appHtml: '<p>$` $\' $&</p>', state: '' });
    expect(html).toContain('<title>$& $1 $$</title>');
    expect(html).toContain("<p>$` $' $&</p>");
  });

  it('refuses a template without the outlet marks rather than serve a page twice', () => {
    expect(() => pageDocument('<html><body><div id="root"></div></body></html>', { headTags: '', appHtml: 'x', state: '' })).toThrow(/app-outlet/);
  });
});

describe('the server state block', () => {
  it('cannot be closed or turned into markup by any value', () => {
    const evil = '</script><script>alert(1)</script><!-- & \u2028';
    const block = serverStateScript({ queries: { mutations: [], queries: [{ queryKey: ['x'], queryHash: '["x"]', state: { data: evil } }] } as never, router: { loaderData: {} } });
    const inner = block.slice(block.indexOf('>') + 1, block.lastIndexOf('</script>'));
    expect(inner).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(inner).queries.queries[0].state.data).toBe(evil);
  });

  it('reads back what the server wrote, and nothing from a page without one', () => {
    const state = { queries: { mutations: [], queries: [] }, router: { loaderData: { '0': null } } };
    const doc = { getElementById: (id: string) => (id === 'circuit-ssr' ? { textContent: serverStateScript(state).replace(/^<script[^>]*>|<\/script>$/g, '') } : null) } as unknown as Document;
    expect(readServerState(doc)).toEqual(state);
    expect(readServerState({ getElementById: () => null } as unknown as Document)).toBeNull();
  });
});
