import { SearchX, TriangleAlert } from 'lucide-react';
import { useDeferredValue, type ReactNode } from 'react';
import { Button } from '../ui/Button';
import { EmptyState } from '../ui/EmptyState';
import { SkeletonCards } from '../ui/SkeletonCards';

/** The parts of an infinite list query the results use. */
export interface PagedList<T> {
  isPending: boolean;
  isError: boolean;
  data?: { pages: { data: T[]; total: number }[] };
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage(): unknown;
  refetch(): unknown;
}

export interface ListingResultsProps<T> {
  list: PagedList<T>;
  loadingText: string;
  errorTitle: string;
  errorHint: ReactNode;
  emptyTitle: string;
  emptyHint: ReactNode;
  /** "1 event" / "12 events". */
  countText(total: number): string;
  /** `index` 0 is the first card, whose banner is above the fold on every width: the page's largest paint. */
  card(item: T, index: number): ReactNode;
}

/** A list page's cards: skeletons while loading, the failure with Try again, the empty answer, or the cards with Load More. */
export function ListingResults<T extends { id: string }>({ list, loadingText, errorTitle, errorHint, emptyTitle, emptyHint, countText, card }: ListingResultsProps<T>) {
  // A query's answer re-renders at once and in one piece; deferred, the cards are rendered in slices that
  // yield to the browser (the skeletons stay meanwhile) instead of one long task in a phone's first seconds.
  const data = useDeferredValue(list.data);
  const isPending = useDeferredValue(list.isPending);
  const isError = useDeferredValue(list.isError);
  const cards = data?.pages.flatMap((p) => p.data) ?? [];
  const total = data?.pages[0]?.total ?? 0;
  if (isPending)
    return (
      <>
        <p role="status" className="sr-only">
          {loadingText}
        </p>
        <SkeletonCards count={8} className="sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4" />
      </>
    );
  if (isError)
    return (
      <EmptyState icon={<TriangleAlert className="size-7" aria-hidden="true" />} title={errorTitle} actions={<Button onClick={() => list.refetch()}>Try again</Button>}>
        {errorHint}
      </EmptyState>
    );
  if (cards.length === 0)
    return (
      <EmptyState icon={<SearchX className="size-7" aria-hidden="true" />} title={emptyTitle}>
        {emptyHint}
      </EmptyState>
    );
  return (
    <>
      <p className="mb-3 text-sm text-slate-600" role="status">
        {countText(total)}
      </p>
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
        {cards.map((item, index) => (
          <li key={item.id} className="below-fold-card relative -m-2 p-2">
            {card(item, index)}
          </li>
        ))}
      </ul>
      {list.hasNextPage && (
        <div className="mt-8 flex justify-center">
          <Button variant="secondary" onClick={() => list.fetchNextPage()} disabled={list.isFetchingNextPage}>
            {list.isFetchingNextPage ? 'Loading...' : 'Load More'}
          </Button>
        </div>
      )}
    </>
  );
}
