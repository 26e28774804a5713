import { useMemo } from 'react';
import { isApiError, messageOf } from '../../auth/apiClient';
import { useUrlFilters } from '../../listings/useUrlFilters';
import { filterCards, galleryFilterCodec, type GalleryFilterKey } from './galleryFilters';
import { useGallery } from './projectsApi';

const TYPED: readonly GalleryFilterKey[] = ['search'];

/** The gallery's data, its filters (in the URL) and what a failed load means (404 not found, 403 not public). */
export function useGalleryPage(hackathon: string) {
  const query = useGallery(hackathon);
  const filters = useUrlFilters(galleryFilterCodec, TYPED, 300);
  const error = query.error;
  const notFound = isApiError(error) && error.status === 404;
  const notAvailable = isApiError(error) && error.status === 403;
  const data = query.data;
  const shown = useMemo(() => (data ? filterCards(data.projects, filters.applied) : []), [data, filters.applied]);
  return {
    data,
    shown,
    filters,
    filtered: Object.keys(filters.applied).length > 0,
    notFound,
    notAvailable,
    failed: Boolean(error) && !notFound && !notAvailable ? messageOf(error, 'Failed to load the projects') : null,
    retry: () => void query.refetch(),
  };
}
