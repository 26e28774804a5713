import clsx from 'clsx';
import { Bell, Menu as MenuIcon, MessageSquare, Search, X } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { useAuth } from '../auth/AuthContext';
import { ButtonLink } from '../ui/Button';
import { CountBadge, withCount } from './Badge';
import { useHeaderCounts } from './headerCounts';
import { HostPromoteMenu } from './HostPromoteMenu';
import { Logo } from './Logo';
import { MobileMenu } from './MobileMenu';
import { mainSections } from './navigation';
import { ProfileMenu } from './ProfileMenu';

const focusRing = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500';

export const navLinkClasses = ({ isActive }: { isActive: boolean }) =>
  clsx(
    'inline-flex h-9 items-center rounded-lg px-3 text-sm font-semibold transition-colors',
    focusRing,
    isActive ? 'text-indigo-600 bg-indigo-50' : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
  );

function IconLink({ to, label, count = 0, children }: { to: string; label: string; count?: number; children: ReactNode }) {
  return (
    <NavLink
      to={to}
      aria-label={withCount(label, count)}
      title={label}
      className={({ isActive }) =>
        clsx(
          'relative inline-flex size-9 items-center justify-center rounded-lg transition-colors',
          focusRing,
          isActive ? 'bg-indigo-50 text-indigo-600' : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900',
        )
      }
    >
      {children}
      <CountBadge count={count} />
    </NavLink>
  );
}

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
          {state.status === 'loading' && <div className="h-9 w-24" aria-hidden="true" />}

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
            <>
              <div className="hidden items-center gap-1 lg:flex">
                <HostPromoteMenu />
                <NavLink to="/user-dashboard" className={navLinkClasses}>
                  Dashboard
                </NavLink>
                <span className="mx-1.5 h-6 w-px bg-slate-200" aria-hidden="true" />
              </div>
              <IconLink to="/messages" label="Messages" count={counts.unreadMessages}>
                <MessageSquare className="size-5" aria-hidden="true" />
              </IconLink>
              <IconLink to="/notifications" label="Notifications" count={counts.unreadNotifications}>
                <Bell className="size-5" aria-hidden="true" />
              </IconLink>
              <div className="hidden items-center gap-1.5 lg:flex">
                <IconLink to="/search" label="Search users">
                  <Search className="size-5" aria-hidden="true" />
                </IconLink>
                <ProfileMenu user={state.user} />
              </div>
            </>
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
          >
            {mobileOpen ? <X className="size-5" aria-hidden="true" /> : <MenuIcon className="size-5" aria-hidden="true" />}
          </button>
        </div>
      </nav>

      {mobileOpen && <MobileMenu id="mobile-menu" counts={counts} onNavigate={() => setMobileOpen(false)} />}
    </header>
  );
}
