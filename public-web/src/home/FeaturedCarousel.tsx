import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useId, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Card } from '../ui/Card';
import { EmptyState } from '../ui/EmptyState';
import { SkeletonCards } from '../ui/SkeletonCards';

/** Spec 3: the featured lists show 4 at a time and wrap around. */
export const CAROUSEL_PAGE = 4;

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
export function FeaturedCarousel<T>({ title, subtitle, noun, browseHref, items, loading, icon, keyOf, render }: FeaturedCarouselProps<T>) {
  const [page, setPage] = useState(0);
  const id = useId();
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
    <section aria-labelledby={`${id}-heading`} aria-roledescription="carousel" className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8">
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
          <SkeletonCards count={CAROUSEL_PAGE} className="sm:grid-cols-2 lg:grid-cols-4 [&>li>*]:min-h-[23rem]" />
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
          <ul id={`${id}-list`} className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {shown.items.map((item, i) => (
              <li key={keyOf(item)} aria-roledescription="slide" aria-label={`${first + i} of ${list.length}`} className="min-h-[23rem]">
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
