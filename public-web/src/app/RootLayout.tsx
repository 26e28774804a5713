import { Outlet, ScrollRestoration, useLocation } from 'react-router-dom';
import { Footer } from '../shell/Footer';
import { Header } from '../shell/Header';
import { PageSpinner } from '../ui/Spinner';
import { OAuthWelcome } from './OAuthWelcome';
import { SandboxCheckoutHost } from '../payments/SandboxCheckoutHost';

/** The application shell: navigation bar on every screen, footer everywhere but /messages. */
export function RootLayout() {
  const { pathname } = useLocation();
  const showFooter = !(pathname === '/messages' || pathname.startsWith('/messages/'));

  return (
    <div data-app-shell className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-white px-4 py-2 font-semibold text-indigo-700 shadow focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
      >
        Skip to content
      </a>
      <Header />
      {/* At least a screen tall: the footer starts below the fold, so a page that fills in later never pushes it (no layout shift). */}
      <main id="main" tabIndex={-1} className="flex min-h-[calc(100dvh-4rem)] flex-1 flex-col outline-none">
        <Outlet />
      </main>
      {showFooter && <Footer />}
      <ScrollRestoration />
      <OAuthWelcome />
      <SandboxCheckoutHost />
    </div>
  );
}

/**
 * What shows while the first screen's code loads when the app starts on a lazily loaded route: the same
 * header as the page will have, and a spinner where the page goes, so the bar never blinks out.
 */
export function ShellFallback() {
  return (
    <div data-app-shell className="flex min-h-dvh flex-col">
      <Header />
      <main id="main" tabIndex={-1} className="flex min-h-[calc(100dvh-4rem)] flex-1 flex-col outline-none">
        <PageSpinner />
      </main>
    </div>
  );
}
