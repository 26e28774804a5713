import { Ban, Flag, Link2, MoreVertical, ShieldOff, UserMinus } from 'lucide-react';
import { Menu, type MenuEntry } from '../shell/Menu';
import { copyProfileLink } from '../users/share';
import type { Profile, Relationship } from '../users/types';
import { useProfileActions } from './usePublicProfile';

/** "More actions": block or unblock, report and remove the connection (signed in, someone else), and copy the link. */
export function ProfileMenu({
  profile,
  relationship,
  onReport,
}: {
  profile: Profile;
  /** The viewer's relationship, when the viewer may act on this user. */
  relationship: Relationship | null;
  onReport(): void;
}) {
  const actions = useProfileActions(profile);

  const entries: MenuEntry[] = [];
  if (relationship) {
    entries.push(
      relationship.hasBlockedTarget
        ? { kind: 'action', label: 'Unblock User', icon: <ShieldOff className="size-4" aria-hidden="true" />, onSelect: actions.unblock }
        : { kind: 'action', label: 'Block User', tone: 'danger', icon: <Ban className="size-4" aria-hidden="true" />, onSelect: actions.block },
    );
    entries.push({ kind: 'action', label: 'Report User', icon: <Flag className="size-4" aria-hidden="true" />, onSelect: onReport });
    if (relationship.isConnected) {
      entries.push({
        kind: 'action',
        label: 'Remove Connection',
        icon: <UserMinus className="size-4" aria-hidden="true" />,
        onSelect: actions.removeConnection,
      });
    }
    entries.push({ kind: 'separator' });
  }
  entries.push({ kind: 'action', label: 'Copy Profile Link', icon: <Link2 className="size-4" aria-hidden="true" />, onSelect: () => void copyProfileLink(profile.username) });

  return (
    <Menu
      buttonLabel="More actions"
      buttonClassName="inline-flex size-10 items-center justify-center rounded-lg bg-white text-slate-600 shadow-sm ring-1 ring-inset ring-slate-300 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500"
      button={<MoreVertical className="size-5" aria-hidden="true" />}
      entries={entries}
      widthClassName="w-56"
    />
  );
}
