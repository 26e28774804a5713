import clsx from 'clsx';
import { Bell, LayoutDashboard, MessageSquare, Search } from 'lucide-react';
import type { ReactNode } from 'react';
import { NavLink } from 'react-router-dom';
import { useAuth } from '../auth/AuthContext';
import { Button, ButtonLink } from '../ui/Button';
import { Avatar } from './Avatar';
import { hostPromoteLinks, mainSections, profileLinks, signOutIcon } from './navigation';
import { useSignOut } from './useSignOut';

const rowClasses = ({ isActive }: { isActive: boolean }) =>
  clsx(
    'flex items-center gap-3 rounded-lg px-3 py-2.5 text-base font-medium',
    'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500',
    isActive ? 'bg-indigo-50 text-indigo-700' : 'text-slate-700 hover:bg-slate-100',
  );

function Row({ to, icon, children, count = 0 }: { to: string; icon?: ReactNode; children: ReactNode; count?: number }) {
  return (
    <NavLink to={to} className={rowClasses}>
      {icon && <span className="text-slate-400">{icon}</span>}
      <span className="flex-1">{children}</span>
      {count > 0 && (
        <span className="rounded-full bg-red-500 px-2 py-0.5 text-xs font-bold text-white">
          {count > 99 ? '99+' : count}
          <span className="sr-only"> unread</span>
        </span>
      )}
    </NavLink>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="py-3">
      <p className="px-3 pb-1 text-xs font-semibold uppercase tracking-wide text-slate-500">{title}</p>
      <div className="flex flex-col">{children}</div>
    </div>
  );
}

/** The collapsible menu of small screens: everything the desktop bar offers. */
export function MobileMenu({
  id,
  counts,
  onNavigate,
}: {
  id: string;
  counts: { unreadMessages: number; unreadNotifications: number };
  /** Called when one of its links is followed, so the menu closes with the navigation. */
  onNavigate(): void;
}) {
  const { state } = useAuth();
  const signOut = useSignOut();
  const user = state.user;

  return (
    <div
      id={id}
      className="max-h-[calc(100dvh-4rem)] overflow-y-auto border-t border-slate-200 bg-white lg:hidden"
      onClick={(event) => {
        if ((event.target as HTMLElement).closest('a')) onNavigate();
      }}
    >
      <div className="mx-auto max-w-7xl divide-y divide-slate-100 px-4 pb-4 sm:px-6">
        {user && (
          <div className="flex items-center gap-3 px-3 py-4">
            <Avatar user={user} className="size-10" />
            <div className="min-w-0">
              <p className="truncate font-semibold text-slate-900">
                {user.firstName} {user.lastName}
              </p>
              <p className="truncate text-sm text-slate-500">@{user.username}</p>
            </div>
          </div>
        )}

        <Section title="Explore">
          {mainSections.map((section) => (
            <Row key={section.to} to={section.to}>
              {section.label}
            </Row>
          ))}
        </Section>

        {user ? (
          <>
            <Section title="Host & Promote">
              {hostPromoteLinks.map((link) => (
                <Row key={link.to} to={link.to} icon={link.icon}>
                  {link.label}
                </Row>
              ))}
            </Section>
            <Section title="You">
              <Row to="/user-dashboard" icon={<LayoutDashboard className="size-4" aria-hidden="true" />}>
                Dashboard
              </Row>
              <Row to="/messages" icon={<MessageSquare className="size-4" aria-hidden="true" />} count={counts.unreadMessages}>
                Messages
              </Row>
              <Row to="/notifications" icon={<Bell className="size-4" aria-hidden="true" />} count={counts.unreadNotifications}>
                Notifications
              </Row>
              <Row to="/search" icon={<Search className="size-4" aria-hidden="true" />}>
                Search Users
              </Row>
              {profileLinks.map((link) => (
                <Row key={link.to} to={link.to} icon={link.icon}>
                  {link.label}
                </Row>
              ))}
            </Section>
            <div className="pt-4">
              <Button variant="secondary" fullWidth icon={signOutIcon} onClick={() => void signOut()}>
                Sign out
              </Button>
            </div>
          </>
        ) : (
          <div className="grid grid-cols-2 gap-3 pt-4">
            <ButtonLink to="/login" variant="secondary">
              Sign in
            </ButtonLink>
            <ButtonLink to="/signup">Sign up</ButtonLink>
          </div>
        )}
      </div>
    </div>
  );
}
