import { useMemo } from 'react';
import { isApiError, messageOf } from '../../auth/apiClient';
import { useUrlFilters } from '../../listings/useUrlFilters';
import { galleryFilterCodec, type GalleryFilterKey } from './galleryFilters';
import { useGallery } from './projectsApi';

const TYPED: readonly GalleryFilterKey[] = ['search'];

/**
 * The gallery's pages for the filters in the URL (the server searches and filters), what Load more
 * does, and what a failed load means (404 not found, 403 not public).
 */
export function useGalleryPage(hackathon: string) {
  const filters = useUrlFilters(galleryFilterCodec, TYPED, 300);
  const query = useGallery(hackathon, filters.applied);
  const error = query.error;
  const notFound = isApiError(error) && error.status === 404;
  const notAvailable = isApiError(error) && error.status === 403;
  const pages = query.data?.pages;
  // The first page carries what every page says alike: the hackathon, the tracks, the total, the viewer.
  const data = pages?.[0];
  const shown = useMemo(() => pages?.flatMap((p) => p.projects) ?? [], [pages]);
  return {
    data,
    shown,
    filters,
    filtered: Object.keys(filters.applied).length > 0,
    /** The cards shown are the last filters' while the new ones load. */
    stale: query.isPlaceholderData,
    hasMore: query.hasNextPage,
    loadingMore: query.isFetchingNextPage,
    loadMore: () => void query.fetchNextPage(),
    /** Load more failed: the cards shown stay, and the button offers it again. */
    moreFailed: query.isFetchNextPageError,
    notFound,
    notAvailable,
    failed: Boolean(error) && !data && !notFound && !notAvailable ? messageOf(error, 'Failed to load the projects') : null,
    retry: () => void query.refetch(),
  };
}
