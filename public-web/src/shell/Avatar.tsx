import clsx from 'clsx';
import { useState } from 'react';

/** Who an avatar stands for: the signed-in user or any user summary. */
export interface AvatarPerson {
  firstName?: string | null;
  lastName?: string | null;
  username?: string | null;
  profilePicture?: string | null;
}

export function initials(user: AvatarPerson) {
  const letters = `${user.firstName?.[0] ?? ''}${user.lastName?.[0] ?? ''}`.trim();
  return (letters || user.username?.[0] || '?').toUpperCase();
}

/** The user's picture, or their initials on an accent background. Decorative: the caller names it. */
export function Avatar({ user, className, textClassName }: { user: AvatarPerson; className?: string; textClassName?: string }) {
  const [broken, setBroken] = useState<string | null>(null);
  const classes = clsx('shrink-0 rounded-full', className ?? 'size-8');
  if (user.profilePicture && broken !== user.profilePicture) {
    const src = user.profilePicture;
    return <img src={src} alt="" className={clsx(classes, 'object-cover')} onError={() => setBroken(src)} />;
  }
  return (
    // The initials are drawn by CSS, not written as text: an avatar inside a named button or link (profile menu,
    // conversation row) then adds no visible words that its accessible name would have to contain.
    <span
      aria-hidden="true"
      data-initials={initials(user)}
      className={clsx(classes, 'flex items-center justify-center bg-indigo-100 font-semibold text-indigo-700 before:content-[attr(data-initials)]', textClassName ?? 'text-xs')}
    />
  );
}
