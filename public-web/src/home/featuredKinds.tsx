import { Brain, CalendarDays, Trophy } from 'lucide-react';
import type { ReactNode } from 'react';
import { FeaturedCarousel } from './FeaturedCarousel';

/** What each featured carousel says around its cards: shared by the carousels and their placeholders. */
export const FEATURED_KINDS = {
  hackathons: {
    title: 'Featured Hackathons',
    subtitle: 'Form a team, build for a weekend, show it to the judges.',
    noun: 'hackathons',
    browseHref: '/hackathons',
    icon: <Trophy className="size-6" aria-hidden="true" />,
  },
  events: {
    title: 'Featured Events',
    subtitle: 'Workshops, meetups and talks, online and on campus.',
    noun: 'events',
    browseHref: '/events',
    icon: <CalendarDays className="size-6" aria-hidden="true" />,
  },
  quizzes: {
    title: 'Featured Quizzes',
    subtitle: 'Beat the clock, then see where you rank.',
    noun: 'quizzes',
    browseHref: '/quizzes',
    icon: <Brain className="size-6" aria-hidden="true" />,
  },
} satisfies Record<string, { title: string; subtitle: string; noun: string; browseHref: string; icon: ReactNode }>;

/**
 * The three carousels as they look while loading, drawn while the cards' code arrives: the same
 * headings and skeletons, so nothing moves when the real carousels take their place.
 */
export function FeaturedPlaceholders() {
  return (
    <>
      {Object.values(FEATURED_KINDS).map((kind) => (
        <FeaturedCarousel key={kind.noun} {...kind} items={undefined} loading keyOf={() => ''} render={() => null} />
      ))}
    </>
  );
}
