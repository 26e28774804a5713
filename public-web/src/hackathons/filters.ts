import { DEFAULT_COUNTRY, urlFilterCodec } from '../listings/urlFilters';

/** The list's filters as they live in the URL (shareable, kept on reload); empty ones are dropped. */
export const FILTER_KEYS = ['search', 'category', 'status', 'location', 'theme', 'organization', 'dateRange', 'state', 'registrationFees', 'country'] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];
export type Filters = Partial<Record<FilterKey, string>>;

export { DEFAULT_COUNTRY };
export const ANY_COUNTRY = 'any';

const codec = urlFilterCodec(FILTER_KEYS);
export const filtersFromParams: (params: URLSearchParams) => Filters = codec.fromParams;
export const paramsFromFilters: (filters: Filters) => URLSearchParams = codec.toParams;

/** The API query of a page: the filters without empty values, "any" country dropped, and the page size. */
export function apiQuery(filters: Filters, limit: number, cursor?: string | null): string {
  const params = new URLSearchParams();
  for (const key of FILTER_KEYS) {
    const value = filters[key]?.trim();
    if (!value || (key === 'country' && value === ANY_COUNTRY)) continue;
    params.set(key, value);
  }
  params.set('limit', String(limit));
  if (cursor) params.set('cursor', cursor);
  return params.toString();
}

/** How many filters differ from the defaults (the Filters button's badge); the search box is not one. */
export const activeFilterCount: (filters: Filters) => number = codec.activeCount;
export const hackathonFilterCodec = codec;
