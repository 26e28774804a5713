import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '../ui/Button';
import { EventCard } from './EventCard';
import { useFeaturedEvents } from './eventsApi';

const PAGE = 4;

/** The home page's featured events (spec 3): 8, shown 4 at a time, wrapping around. */
export function FeaturedEventsCarousel() {
  const featured = useFeaturedEvents();
  const [start, setStart] = useState(0);
  const events = featured.data ?? [];
  if (events.length === 0) return null;
  const shown = Array.from({ length: Math.min(PAGE, events.length) }, (_, i) => events[(start + i) % events.length]!);
  const move = (step: number) => setStart((s) => (s + step * PAGE + events.length * PAGE) % events.length);
  return (
    <section aria-labelledby="featured-events-heading" className="mx-auto max-w-7xl px-4 pt-16 sm:px-6 lg:px-8">
      <div className="mb-6 flex items-end justify-between gap-3">
        <div>
          <h2 id="featured-events-heading" className="text-2xl font-bold tracking-tight text-slate-900">
            Featured events
          </h2>
          <Link to="/events" className="text-sm font-medium text-indigo-600 hover:underline">
            See all events
          </Link>
        </div>
        {events.length > PAGE && (
          <div className="flex gap-2">
            <Button variant="secondary" size="sm" aria-label="Previous events" onClick={() => move(-1)}>
              <ChevronLeft className="size-4" aria-hidden="true" />
            </Button>
            <Button variant="secondary" size="sm" aria-label="Next events" onClick={() => move(1)}>
              <ChevronRight className="size-4" aria-hidden="true" />
            </Button>
          </div>
        )}
      </div>
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4" aria-live="polite">
        {shown.map((e) => (
          <li key={e.id}>
            <EventCard event={e} />
          </li>
        ))}
      </ul>
    </section>
  );
}
