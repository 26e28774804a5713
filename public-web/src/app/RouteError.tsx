import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { Button } from '../ui/Button';
import { NotFoundPage } from '../not-found/NotFoundPage';

/** Shown when a screen throws while rendering: a way out instead of a blank page. */
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  console.error(error);
  return (
    <div className="flex min-h-dvh items-center justify-center px-4">
      <div className="max-w-md text-center">
        <h1 className="text-2xl font-bold text-slate-900">Something went wrong</h1>
        <p className="mt-3 text-slate-600">An unexpected error stopped this page. Reloading usually helps.</p>
        <Button className="mt-6" onClick={() => window.location.reload()}>
          Reload the page
        </Button>
      </div>
    </div>
  );
}
