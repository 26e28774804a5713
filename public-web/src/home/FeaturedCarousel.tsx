import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useDeferredValue, useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Card } from '../ui/Card';
import { EmptyState } from '../ui/EmptyState';

/** Spec 3: the featured lists show 4 at a time and wrap around. */
export const CAROUSEL_PAGE = 4;

/**
 * On a phone the 4 cards of a page sit in a row that scrolls sideways (one card and a glimpse of the next)
 * instead of a column four cards tall; from the small breakpoint up they are a grid. Cards and skeletons
 * share the row and the slide's minimum height, so nothing moves when the list arrives.
 */
const ROW = 'flex snap-x snap-mandatory gap-4 overflow-x-auto pb-3 sm:grid sm:grid-cols-2 sm:gap-6 sm:overflow-visible sm:pb-0 lg:grid-cols-4';
const SLIDE = 'min-h-[23rem] w-[82%] shrink-0 snap-start sm:w-auto';

/** The items of page `page` (0-based), wrapping at either end: page -1 is the last page. */
export function carouselPage<T>(items: readonly T[], page: number): { items: T[]; page: number; pages: number } {
  const pages = Math.max(1, Math.ceil(items.length / CAROUSEL_PAGE));
  const at = ((page % pages) + pages) % pages;
  return { items: items.slice(at * CAROUSEL_PAGE, at * CAROUSEL_PAGE + CAROUSEL_PAGE), page: at, pages };
}

export interface FeaturedCarouselProps<T> {
  /** The heading, e.g. 'Featured Hackathons'. */
  title: string;
  subtitle: string;
  /** The plural noun used in the controls' names and the empty text: 'hackathons'. */
  noun: string;
  /** The list page the 'View all' link opens. */
  browseHref: string;
  items: readonly T[] | undefined;
  loading: boolean;
  icon: ReactNode;
  keyOf(item: T): string;
  render(item: T): ReactNode;
}

/**
 * One carousel for featured hackathons, events and quizzes on the home page: a grid of up to 4 cards,
 * previous/next buttons that wrap, a polite live region that says which cards are shown, the arrow keys on
 * the controls, skeletons of the cards' size while loading (nothing below moves), and an empty state.
 */
export function FeaturedCarousel<T>({ title, subtitle, noun, browseHref, items: arrived, loading: waiting, icon, keyOf, render }: FeaturedCarouselProps<T>) {
  // A query's answer re-renders at once and in one piece; deferred, the cards are rendered in slices that
  // yield to the browser (the skeletons stay meanwhile), not as a long task of a phone's first seconds.
  const items = useDeferredValue(arrived);
  const loading = useDeferredValue(waiting);
  const [page, setPage] = useState(0);
  const id = useId();
  const row = useRef<HTMLUListElement>(null);
  // On a phone the row may have been scrolled sideways: a new page starts at its first card.
  useEffect(() => {
    row.current?.scrollTo({ left: 0 });
  }, [page]);
  const list = items ?? [];
  const shown = carouselPage(list, page);
  const first = shown.page * CAROUSEL_PAGE + 1;
  const last = first + shown.items.length - 1;
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowLeft') setPage(shown.page - 1);
    else if (event.key === 'ArrowRight') setPage(shown.page + 1);
    else return;
    event.preventDefault();
  };

  return (
    <section aria-labelledby={`${id}-heading`} aria-roledescription="carousel" className="below-fold mx-auto w-full max-w-7xl px-4 py-12 sm:px-6 lg:px-8">
      <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <h2 id={`${id}-heading`} className="text-2xl font-bold tracking-tight text-slate-900">
            {title}
          </h2>
          <p className="mt-1 text-slate-600">{subtitle}</p>
        </div>
        <div className="flex items-center gap-3">
          <Link to={browseHref} className="rounded text-sm font-semibold text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500">
            View all<span className="sr-only"> {noun}</span>
          </Link>
          {shown.pages > 1 && (
            <div className="flex gap-2" role="group" aria-label={`${title} controls`} onKeyDown={onKeyDown}>
              <CarouselButton label={`Previous ${noun}`} controls={`${id}-list`} onClick={() => setPage(shown.page - 1)}>
                <ChevronLeft className="size-5" aria-hidden="true" />
              </CarouselButton>
              <CarouselButton label={`Next ${noun}`} controls={`${id}-list`} onClick={() => setPage(shown.page + 1)}>
                <ChevronRight className="size-5" aria-hidden="true" />
              </CarouselButton>
            </div>
          )}
        </div>
      </div>
      {loading ? (
        <>
          <p role="status" className="sr-only">
            Loading {noun}...
          </p>
          <ul className={ROW} aria-hidden="true">
            {Array.from({ length: CAROUSEL_PAGE }, (_, i) => (
              <li key={i} className={SLIDE}>
                <Card className="h-full overflow-hidden">
                  <div className="h-36 animate-pulse bg-slate-200" />
                  <div className="space-y-3 p-5">
                    <div className="h-4 w-1/3 animate-pulse rounded bg-slate-200" />
                    <div className="h-5 w-2/3 animate-pulse rounded bg-slate-200" />
                    <div className="h-3 w-full animate-pulse rounded bg-slate-100" />
                    <div className="h-3 w-1/2 animate-pulse rounded bg-slate-100" />
                  </div>
                </Card>
              </li>
            ))}
          </ul>
        </>
      ) : list.length === 0 ? (
        <Card>
          <EmptyState icon={icon} title={`No featured ${noun} yet`}>
            <Link to={browseHref} className="font-semibold text-indigo-700 hover:underline">
              Browse all {noun}
            </Link>
          </EmptyState>
        </Card>
      ) : (
        <>
          <p className="sr-only" aria-live="polite">
            {`Showing ${noun} ${first} to ${last} of ${list.length}`}
          </p>
          <ul ref={row} id={`${id}-list`} className={ROW}>
            {shown.items.map((item, i) => (
              <li key={keyOf(item)} aria-roledescription="slide" aria-label={`${first + i} of ${list.length}`} className={SLIDE}>
                {render(item)}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

function CarouselButton({ label, controls, onClick, children }: { label: string; controls: string; onClick(): void; children: ReactNode }) {
  return (
    <button
      type="button"
      aria-label={label}
      aria-controls={controls}
      onClick={onClick}
      className="flex size-11 items-center justify-center rounded-full border border-slate-300 bg-white text-slate-700 shadow-sm transition hover:bg-slate-50 hover:text-indigo-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500"
    >
      {children}
    </button>
  );
}
