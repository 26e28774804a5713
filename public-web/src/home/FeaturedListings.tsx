import { EventCard } from '../events/EventCard';
import { useFeaturedEvents } from '../events/eventsApi';
import { HackathonCard } from '../hackathons/HackathonCard';
import { useFeaturedHackathons } from '../hackathons/hackathonsApi';
import { SaveHackathonButton } from '../hackathons/SaveHackathonButton';
import { QuizCard } from '../quizzes/QuizCard';
import { useFeaturedQuizzes } from '../quizzes/quizzesApi';
import { useQuizSaves } from '../quizzes/useQuizSaves';
import { FeaturedCarousel } from './FeaturedCarousel';
import { FEATURED_KINDS } from './featuredKinds';

function FeaturedHackathons() {
  const featured = useFeaturedHackathons();
  return (
    <FeaturedCarousel
      {...FEATURED_KINDS.hackathons}
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

function FeaturedEvents() {
  const featured = useFeaturedEvents();
  return (
    <FeaturedCarousel
      {...FEATURED_KINDS.events}
      items={featured.isError ? [] : featured.data}
      loading={featured.isPending}
      keyOf={(e) => e.id}
      render={(e) => <EventCard event={e} />}
    />
  );
}

function FeaturedQuizzes() {
  const featured = useFeaturedQuizzes();
  const saves = useQuizSaves();
  return (
    <FeaturedCarousel
      {...FEATURED_KINDS.quizzes}
      items={featured.isError ? [] : featured.data}
      loading={featured.isPending}
      keyOf={(q) => q.id}
      render={(q) => <QuizCard quiz={q} href={`/quizzes/${q.id}`} saved={saves.isSaved(q.id)} onToggleSave={() => void saves.toggle(q)} />}
    />
  );
}

/**
 * The home page's featured hackathons, events and quizzes. Loaded apart from the home page (see
 * HomePage), so the cards, their data hooks and save toggles stay out of every other page's first load.
 */
export default function FeaturedListings() {
  return (
    <>
      <FeaturedHackathons />
      <FeaturedEvents />
      <FeaturedQuizzes />
    </>
  );
}
