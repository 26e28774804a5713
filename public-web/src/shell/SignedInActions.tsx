import clsx from 'clsx';
import { Bell, MessageSquare, Search } from 'lucide-react';
import type { ReactNode } from 'react';
import { NavLink } from 'react-router-dom';
import type { User } from '../auth/types';
import { CountBadge, withCount } from './Badge';
import { HostPromoteMenu } from './HostPromoteMenu';
import { focusRing, navLinkClasses } from './navLinkClasses';
import { ProfileMenu } from './ProfileMenu';

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

/** The signed-in part of the navigation bar: the header loads it only once a session is known. */
export function SignedInActions({ user, counts }: { user: User; counts: { unreadMessages: number; unreadNotifications: number } }) {
  return (
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
        <ProfileMenu user={user} />
      </div>
    </>
  );
}
