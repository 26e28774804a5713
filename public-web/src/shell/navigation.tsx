import { BellRing, Bookmark, Brain, DatabaseZap, LayoutDashboard, LogOut, Megaphone, Trophy, User as UserIcon } from 'lucide-react';

// Kept apart from the menus' icons, so the header and footer of every page do not carry them.
export { mainSections } from './sections';

/** The Host & Promote menu of the signed-in header (spec section 2, "Application shell"). */
export const hostPromoteLinks = [
  {
    label: 'Host or Promote Hackathon',
    to: '/create-hackathon',
    description: 'Run a hackathon or list one you organise',
    icon: <Trophy className="size-4" aria-hidden="true" />,
  },
  {
    label: 'Host or Promote Event',
    to: '/create-event',
    description: 'Workshops, meetups, talks and more',
    icon: <Megaphone className="size-4" aria-hidden="true" />,
  },
  {
    label: 'Create Quiz',
    to: '/create-quiz',
    description: 'A timed multiple-choice quiz',
    icon: <Brain className="size-4" aria-hidden="true" />,
  },
] as const;

/** The profile menu's links (Sign out follows them). */
export const profileLinks = [
  { label: 'Profile', to: '/profile', icon: <UserIcon className="size-4" aria-hidden="true" /> },
  { label: 'Saved', to: '/saved', icon: <Bookmark className="size-4" aria-hidden="true" /> },
  { label: "Organiser's Dashboard", to: '/dashboard', icon: <LayoutDashboard className="size-4" aria-hidden="true" /> },
  { label: 'Notification settings', to: '/settings/notifications', icon: <BellRing className="size-4" aria-hidden="true" /> },
  { label: 'Your data', to: '/settings/data', icon: <DatabaseZap className="size-4" aria-hidden="true" /> },
] as const;

export const signOutIcon = <LogOut className="size-4" aria-hidden="true" />;
