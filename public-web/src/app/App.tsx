import type { QueryClient } from '@tanstack/react-query';
import { RouterProvider, type DataRouter } from 'react-router-dom';
import { AppProviders } from './providers';

/** The app in the browser: its providers around the router (the server renders the same tree with a static router). */
export function App({ router, queryClient }: { router: DataRouter; queryClient: QueryClient }) {
  return (
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
