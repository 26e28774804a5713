import { lazy, Suspense } from 'react';
import { Navigate, useLocation } from 'react-router-dom';

/** Where a missing item sends the visitor: /404 (spec 2), remembering the address they opened so the page can name it. */
export function NotFoundRedirect() {
  const location = useLocation();
  return <Navigate to="/404" replace state={{ from: `${location.pathname}${location.search}` } satisfies NotFoundState} />;
}

interface NotFoundState {
  from: string;
}
export const fromOf = (state: unknown) => (typeof (state as NotFoundState | null)?.from === 'string' ? (state as NotFoundState).from : null);

// The page itself is rarely shown, so it is not part of every page's first load: it loads when shown.
const NotFoundScreen = lazy(async () => ({ default: (await import('./NotFoundScreen')).NotFoundScreen }));

/** The not-found page (spec document 3): /404 and every unknown path. */
export function NotFoundPage() {
  return (
    <Suspense fallback={null}>
      <NotFoundScreen />
    </Suspense>
  );
}
