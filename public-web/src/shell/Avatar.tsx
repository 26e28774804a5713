import clsx from 'clsx';
import { useState } from 'react';
import type { User } from '../auth/types';

export function initials(user: Pick<User, 'firstName' | 'lastName' | 'username'>) {
  const letters = `${user.firstName?.[0] ?? ''}${user.lastName?.[0] ?? ''}`.trim();
  return (letters || user.username?.[0] || '?').toUpperCase();
}

/** The user's picture, or their initials on an accent background. Decorative: the caller names it. */
export function Avatar({ user, className }: { user: User; className?: string }) {
  const [broken, setBroken] = useState(false);
  const classes = clsx('shrink-0 rounded-full', className ?? 'size-8');
  if (user.profilePicture && !broken) {
    return <img src={user.profilePicture} alt="" className={clsx(classes, 'object-cover')} onError={() => setBroken(true)} />;
  }
  return (
    <span aria-hidden="true" className={clsx(classes, 'flex items-center justify-center bg-indigo-100 text-xs font-semibold text-indigo-700')}>
      {initials(user)}
    </span>
  );
}
