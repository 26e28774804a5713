import { AsyncLocalStorage } from 'node:async_hooks';
import { PassThrough } from 'node:stream';
import { StrictMode, type ReactNode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { dehydrate } from '@tanstack/react-query';
import { createStaticHandler, createStaticRouter, StaticRouterProvider, type HydrationState, type RouteObject } from 'react-router-dom';
import { AppProviders } from '../app/providers';
import { routes } from '../app/routes';
import { setServerApiOrigin } from '../auth/apiClient';
import { AskedQueries, fetchAskedQueries } from './collect-queries';
import { renderHeadTags, siteAt } from '../seo';
import { pageDocument } from './page-document';
import { outcomeOfPage, refusalOfPage } from './public-pages';
import { serverStateScript } from './server-state';

export { isServerRendered } from './public-pages';

/** The route loaders only start the browser's requests early; on the server the render asks for the data itself. */
function withoutLoaders(list: RouteObject[]): RouteObject[] {
  return list.map((route) => ({ ...route, loader: undefined, children: route.children && withoutLoaders(route.children) }) as RouteObject);
}

const handler = createStaticHandler(withoutLoaders(routes));

/** The API each render in flight asks (one process may render for more than one app, as the tests do). */
const apiOrigins = new AsyncLocalStorage<string>();
setServerApiOrigin(() => apiOrigins.getStore() ?? '');

/** A screen's data may depend on other data (a hackathon's page, then its reviews): a few rounds at most. */
const MAX_DATA_ROUNDS = 3;

export type RenderedPage =
  | { kind: 'page'; status: number; html: string }
  | { kind: 'redirect'; status: number; location: string }
  /** The page's data is not for a signed-out visitor (a listing in review, no such user): the browser renders it alone. */
  | { kind: 'not-rendered'; status: number };

/** React's streaming renderer, waited on until every boundary is ready: crawlers and link previews read the whole page. No inline script either. */
function renderToHtml(tree: ReactNode): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new PassThrough();
    sink.on('data', (chunk: Buffer) => chunks.push(chunk));
    sink.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    const stream = renderToPipeableStream(tree, {
      // The whole page in document order: React would otherwise send a large Suspense boundary after the rest
      // with an inline script to move it into place, and the site's Content-Security-Policy runs no inline script.
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      onAllReady: () => stream.pipe(sink),
      onShellError: reject,
      onError: (error) => reject(error instanceof Error ? error : new Error(String(error))),
    });
  });
}

export interface RenderOptions {
  /** Where the API answers, for the server's own requests (always signed out: the page shows what anyone may see). */
  apiOrigin: string;
}

/** Renders one public page as a signed-out visitor sees it, with the data and router state the browser hydrates from. */
export function renderPage(template: string, url: URL, { apiOrigin }: RenderOptions): Promise<RenderedPage> {
  return apiOrigins.run(apiOrigin, () => render(template, url));
}

async function render(template: string, url: URL): Promise<RenderedPage> {
  const context = await handler.query(new Request(url.href, { headers: { Accept: 'text/html' } }));
  if (context instanceof Response) return { kind: 'redirect', status: context.status, location: context.headers.get('Location') ?? '/' };
  const router = createStaticRouter(handler.dataRoutes, context);
  const client = new AskedQueries();
  const tree = (
    <StrictMode>
      <AppProviders queryClient={client}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>
    </StrictMode>
  );

  let appHtml = await renderToHtml(tree);
  for (let round = 0; round < MAX_DATA_ROUNDS && (await fetchAskedQueries(client)) > 0; round++) {
    // A refused page's screen would render a redirect, which a static render cannot follow.
    if (refusalOfPage(url.pathname, client, url.search) !== null) break;
    appHtml = await renderToHtml(tree);
  }

  const outcome = outcomeOfPage(url.pathname, client, siteAt(url.origin), url.search);
  if (outcome.kind === 'refused') return { kind: 'not-rendered', status: outcome.status };

  // Every matched route counts as loaded: the browser's loaders only prefetch, and the data is in the cache already.
  const hydration: HydrationState = { loaderData: Object.fromEntries(context.matches.map((m) => [m.route.id, null])), actionData: null, errors: null };
  const state = serverStateScript({ queries: dehydrate(client), router: hydration });
  return { kind: 'page', status: context.statusCode, html: pageDocument(template, { headTags: renderHeadTags(outcome.head), appHtml, state }) };
}
