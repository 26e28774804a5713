import { ArrowLeft, CalendarDays, House, LogIn, Trophy } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useAuth } from '../auth/AuthContext';
import { Button, ButtonLink } from '../ui/Button';
import { useDocumentTitle } from '../ui/useDocumentTitle';
import { fromOf } from './NotFoundPage';

/**
 * Whether "back" leads to a page of this app: React Router counts its own entries as `idx` in history.state
 * (0 on the page the tab opened or reloaded on). The tab's own history length also counts blank tabs and
 * other sites, where Go Back must not lead, so it is not consulted.
 */
function canGoBack(): boolean {
  const state = window.history.state as { idx?: number } | null;
  return typeof state?.idx === 'number' && state.idx > 0;
}

function Shortcut({ to, icon, children }: { to: string; icon: ReactNode; children: ReactNode }) {
  return (
    <Link
      to={to}
      className="flex items-center gap-3 rounded-xl bg-white px-4 py-3 text-sm font-semibold text-slate-700 shadow-sm ring-1 ring-slate-900/5 transition hover:-translate-y-0.5 hover:text-indigo-600 hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500"
    >
      <span className="text-indigo-500">{icon}</span>
      {children}
    </Link>
  );
}

/** The not-found page (spec document 3): /404 and every unknown path. */
export function NotFoundScreen() {
  const location = useLocation();
  const navigate = useNavigate();
  const { state } = useAuth();
  useDocumentTitle('Page not found');
  const path = fromOf(location.state) ?? `${location.pathname}${location.search}`;

  return (
    <div className="flex flex-1 items-center justify-center px-4 py-16 sm:py-24">
      <div className="w-full max-w-xl text-center">
        <p
          aria-hidden="true"
          className="bg-linear-to-br from-indigo-600 to-violet-500 bg-clip-text text-8xl font-black tracking-tight text-transparent sm:text-9xl"
        >
          404
        </p>
        <h1 className="mt-4 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Oops! Page Not Found</h1>
        <p className="mt-3 text-slate-600">
          We couldn&apos;t find{' '}
          <code className="break-all rounded-md bg-slate-100 px-1.5 py-0.5 font-mono text-sm text-slate-800">{path}</code>
          . It may have moved, or the address may be mistyped.
        </p>

        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <Button
            variant="secondary"
            icon={<ArrowLeft className="size-4" aria-hidden="true" />}
            onClick={() => (canGoBack() ? navigate(-1) : navigate('/'))}
          >
            Go Back
          </Button>
          <ButtonLink to="/">
            <House className="size-4" aria-hidden="true" />
            Go Home
          </ButtonLink>
        </div>

        <div className="mt-12">
          <h2 className="text-sm font-semibold text-slate-500">Or try one of these</h2>
          <div className={`mt-4 grid gap-3 ${state.status === 'unauthenticated' ? 'sm:grid-cols-3' : 'sm:grid-cols-2'}`}>
            <Shortcut to="/hackathons" icon={<Trophy className="size-5" aria-hidden="true" />}>
              Hackathons
            </Shortcut>
            <Shortcut to="/events" icon={<CalendarDays className="size-5" aria-hidden="true" />}>
              Events
            </Shortcut>
            {/* Signing in is offered only to those known not to be (not while the session is still being checked). */}
            {state.status === 'unauthenticated' && (
              <Shortcut to="/login" icon={<LogIn className="size-5" aria-hidden="true" />}>
                Login
              </Shortcut>
            )}
          </div>
        </div>
      </div>
    </div>
  );
}
