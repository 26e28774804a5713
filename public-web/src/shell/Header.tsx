import clsx from 'clsx';
import { Menu as MenuIcon, X } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { useAuth } from '../auth/AuthContext';
import { ButtonLink } from '../ui/Button';
import { useHeaderCounts } from './headerCounts';
import { Logo } from './Logo';
import { focusRing, navLinkClasses } from './navLinkClasses';
import { mainSections } from './sections';

// A signed-out first view shows neither the open mobile menu nor the signed-in actions: both load when needed,
// so every page's first load is lighter. The menu starts loading as the pointer or focus reaches its toggle.
const loadMobileMenu = () => import('./MobileMenu');
const MobileMenu = lazy(async () => ({ default: (await loadMobileMenu()).MobileMenu }));
const SignedInActions = lazy(async () => ({ default: (await import('./SignedInActions')).SignedInActions }));

const sessionPlaceholder = <div className="h-9 w-24" aria-hidden="true" />;

/** The navigation bar on top of every screen (spec section 2, "Application shell"). */
export function Header() {
  const { state } = useAuth();
  const signedIn = state.status === 'authenticated';
  const counts = useHeaderCounts(signedIn);
  const [mobileOpen, setMobileOpen] = useState(false);
  const headerRef = useRef<HTMLElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const location = useLocation();

  // The mobile menu closes on navigation, on Escape (focus back on its toggle) and on a tap outside the bar.
  useEffect(() => setMobileOpen(false), [location.pathname, state.status]);
  useEffect(() => {
    if (!mobileOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setMobileOpen(false);
      toggleRef.current?.focus();
    };
    const onPointerDown = (event: PointerEvent) => {
      if (!headerRef.current?.contains(event.target as Node)) setMobileOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [mobileOpen]);

  return (
    <header ref={headerRef} className="sticky top-0 z-40 border-b border-slate-200/80 bg-white/85 backdrop-blur supports-[backdrop-filter]:bg-white/75">
      <nav aria-label="Main" className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4 sm:px-6 lg:px-8">
        <Logo />

        <div className="hidden items-center gap-1 lg:ml-4 lg:flex">
          {mainSections.map((section) => (
            <NavLink key={section.to} to={section.to} className={navLinkClasses}>
              {section.label}
            </NavLink>
          ))}
        </div>

        <div className="ml-auto flex items-center gap-1.5">
          {state.status === 'loading' && sessionPlaceholder}

          {state.status === 'unauthenticated' && (
            <div className="hidden items-center gap-2 lg:flex">
              <Link to="/login" className={clsx(navLinkClasses({ isActive: false }))}>
                Sign in
              </Link>
              <ButtonLink to="/signup" size="sm" className="h-9">
                Sign up
              </ButtonLink>
            </div>
          )}

          {signedIn && (
            // Until its code is in, the place kept while the session was checked stays.
            <Suspense fallback={sessionPlaceholder}>
              <SignedInActions user={state.user} counts={counts} />
            </Suspense>
          )}

          <button
            ref={toggleRef}
            type="button"
            className={clsx(
              'inline-flex size-9 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 lg:hidden',
              focusRing,
            )}
            aria-label="Main menu"
            aria-expanded={mobileOpen}
            aria-controls="mobile-menu"
            onClick={() => setMobileOpen((open) => !open)}
            onPointerEnter={() => void loadMobileMenu()}
            onFocus={() => void loadMobileMenu()}
            onTouchStart={() => void loadMobileMenu()}
          >
            {mobileOpen ? <X className="size-5" aria-hidden="true" /> : <MenuIcon className="size-5" aria-hidden="true" />}
          </button>
        </div>
      </nav>

      {mobileOpen && (
        <Suspense fallback={null}>
          <MobileMenu id="mobile-menu" counts={counts} onNavigate={() => setMobileOpen(false)} />
        </Suspense>
      )}
    </header>
  );
}
