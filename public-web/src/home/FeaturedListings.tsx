import { Brain, CalendarDays, Trophy } from 'lucide-react';
import { EventCard } from '../events/EventCard';
import { useFeaturedEvents } from '../events/eventsApi';
import { HackathonCard } from '../hackathons/HackathonCard';
import { useFeaturedHackathons } from '../hackathons/hackathonsApi';
import { SaveHackathonButton } from '../hackathons/SaveHackathonButton';
import { QuizCard } from '../quizzes/QuizCard';
import { useFeaturedQuizzes } from '../quizzes/quizzesApi';
import { useQuizSaves } from '../quizzes/useQuizSaves';
import { FeaturedCarousel } from './FeaturedCarousel';

export function FeaturedHackathons() {
  const featured = useFeaturedHackathons();
  return (
    <FeaturedCarousel
      title="Featured Hackathons"
      subtitle="Form a team, build for a weekend, show it to the judges."
      noun="hackathons"
      browseHref="/hackathons"
      icon={<Trophy className="size-6" aria-hidden="true" />}
      items={featured.isError ? [] : featured.data}
      loading={featured.isPending}
      keyOf={(h) => h.id}
      render={(h) => (
        // The save toggle sits over the card's banner, above the card-wide link.
        <div className="relative h-full">
          <HackathonCard hackathon={h} />
          <SaveHackathonButton hackathon={h} className="absolute right-3 top-3 z-10" />
        </div>
      )}
    />
  );
}

export function FeaturedEvents() {
  const featured = useFeaturedEvents();
  return (
    <FeaturedCarousel
      title="Featured Events"
      subtitle="Workshops, meetups and talks, online and on campus."
      noun="events"
      browseHref="/events"
      icon={<CalendarDays className="size-6" aria-hidden="true" />}
      items={featured.isError ? [] : featured.data}
      loading={featured.isPending}
      keyOf={(e) => e.id}
      render={(e) => <EventCard event={e} />}
    />
  );
}

export function FeaturedQuizzes() {
  const featured = useFeaturedQuizzes();
  const saves = useQuizSaves();
  return (
    <FeaturedCarousel
      title="Featured Quizzes"
      subtitle="Beat the clock, then see where you rank."
      noun="quizzes"
      browseHref="/quizzes"
      icon={<Brain className="size-6" aria-hidden="true" />}
      items={featured.isError ? [] : featured.data}
      loading={featured.isPending}
      keyOf={(q) => q.id}
      render={(q) => <QuizCard quiz={q} href={`/quizzes/${q.id}`} saved={saves.isSaved(q.id)} onToggleSave={() => void saves.toggle(q)} />}
    />
  );
}
