import { ChevronDown } from 'lucide-react';
import type { User } from '../auth/types';
import { Avatar } from './Avatar';
import { Menu } from './Menu';
import { profileLinks, signOutIcon } from './navigation';
import { useSignOut } from './useSignOut';

export function ProfileMenu({ user }: { user: User }) {
  const signOut = useSignOut();
  return (
    <Menu
      buttonLabel="Open profile menu"
      buttonClassName="flex items-center gap-1 rounded-full p-0.5 pr-1.5 text-slate-500 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500"
      button={
        <>
          <Avatar user={user} />
          <ChevronDown className="size-4" aria-hidden="true" />
        </>
      }
      header={
        <div className="mb-1.5 border-b border-slate-100 px-3 pb-2.5 pt-1.5">
          <p className="truncate text-sm font-semibold text-slate-900">
            {user.firstName} {user.lastName}
          </p>
          <p className="truncate text-xs text-slate-500">@{user.username}</p>
        </div>
      }
      entries={[
        ...profileLinks.map((link) => ({ kind: 'link' as const, ...link })),
        { kind: 'separator' },
        { kind: 'action', label: 'Sign out', icon: signOutIcon, onSelect: () => void signOut() },
      ]}
    />
  );
}
