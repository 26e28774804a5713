import { Construction, House } from 'lucide-react';
import { useLocation } from 'react-router-dom';
import { ButtonLink } from '../ui/Button';
import { StateScreen } from '../ui/EmptyState';
import { useDocumentTitle } from '../ui/useDocumentTitle';

/** What each not-yet-built section is, by the first part of its path. */
const SECTIONS: Record<string, { title: string; text: string }> = {
  hackathons: { title: 'Hackathons are coming soon', text: 'Browse, save and register for hackathons here once this section opens.' },
  events: { title: 'Events are coming soon', text: 'Workshops, meetups and talks will be listed here once this section opens.' },
  quizzes: { title: 'Quizzes are coming soon', text: 'Timed quizzes with leaderboards will be listed here once this section opens.' },
  quiz: { title: 'Quizzes are coming soon', text: 'Timed quizzes with leaderboards will be listed here once this section opens.' },
  create: { title: 'Hosting is coming soon', text: 'You will be able to host hackathons, events and quizzes from here.' },
  'create-hackathon': { title: 'Hosting hackathons is coming soon', text: 'You will be able to host or promote a hackathon from here.' },
  'create-event': { title: 'Hosting events is coming soon', text: 'You will be able to host or promote an event from here.' },
  'create-quiz': { title: 'Creating quizzes is coming soon', text: 'You will be able to create a timed quiz from here.' },
};

/** The page of a section whose screens are not built yet: it says so, instead of a not-found page. */
export function ComingSoonPage() {
  const { pathname } = useLocation();
  const section = SECTIONS[pathname.split('/')[1] ?? ''] ?? { title: 'Coming soon', text: 'This part of Circuit is not open yet.' };
  useDocumentTitle(section.title);
  return (
    <StateScreen
      icon={<Construction className="size-7" aria-hidden="true" />}
      title={section.title}
      actions={
        <>
          <ButtonLink to="/">
            <House className="size-4" aria-hidden="true" />
            Go Home
          </ButtonLink>
          <ButtonLink to="/search" variant="secondary">
            Find people
          </ButtonLink>
        </>
      }
    >
      <p>{section.text}</p>
    </StateScreen>
  );
}
