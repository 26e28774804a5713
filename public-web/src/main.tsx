import { StrictMode, startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router-dom';
import { App } from './app/App';
import { hydrateFromServer, queryClient } from './app/queryClient';
import { routes } from './app/routes';
import { readServerState } from './ssr/server-state';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

/**
 * The lazily loaded screens of the address, loaded before hydration: React must render the same tree the
 * server sent, and a screen whose code is still on its way would render the loading fallback instead.
 */
async function loadScreensOf(location: Location): Promise<void> {
  const lazy = (matchRoutes(routes, location) ?? []).filter((m) => m.route.lazy);
  await Promise.all(
    lazy.map(async ({ route }) => {
      const load = route.lazy as () => Promise<Partial<RouteObject>>;
      Object.assign(route, { ...(await load()), lazy: undefined });
    }),
  );
}

/** Marks the page as taken over by React once the hydrated tree has committed (the browser journeys wait for it). */
function MarkHydrated() {
  useEffect(() => document.documentElement.setAttribute('data-hydrated', ''), []);
  return null;
}

async function start() {
  const server = readServerState(document);
  if (server) {
    // A page rendered on the server: its data goes into the cache, then React takes over the HTML in place.
    hydrateFromServer(queryClient, server.queries);
    await loadScreensOf(window.location);
    const router = createBrowserRouter(routes, { hydrationData: server.router });
    hydrateRoot(
      root!,
      <StrictMode>
        <App router={router} queryClient={queryClient} />
        <MarkHydrated />
      </StrictMode>,
    );
    return;
  }
  const router = createBrowserRouter(routes);
  // A transition lets React render the first screen in slices that yield to the browser (input, paint)
  // instead of one long task; the static header in index.html stays until the app's replaces it.
  startTransition(() => {
    createRoot(root!).render(
      <StrictMode>
        <App router={router} queryClient={queryClient} />
      </StrictMode>,
    );
  });
}

void start();
