import { CATEGORY_LABELS } from './labels';

/** The list's filters as they live in the URL (shareable, kept on reload); empty ones are dropped. */
export const FILTER_KEYS = ['search', 'category', 'status', 'location', 'theme', 'organization', 'dateRange', 'state', 'registrationFees', 'country'] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];
export type Filters = Partial<Record<FilterKey, string>>;

/** The default of spec 2 section 9: India unless the visitor picks International (or "any"). */
export const DEFAULT_COUNTRY = 'India';
export const ANY_COUNTRY = 'any';

export function filtersFromParams(params: URLSearchParams): Filters {
  const filters: Filters = {};
  for (const key of FILTER_KEYS) {
    const value = params.get(key)?.trim();
    if (value) filters[key] = value;
  }
  if (!filters.country) filters.country = DEFAULT_COUNTRY;
  return filters;
}

export function paramsFromFilters(filters: Filters): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of FILTER_KEYS) {
    const value = filters[key]?.trim();
    if (!value || (key === 'country' && value === DEFAULT_COUNTRY)) continue;
    params.set(key, value);
  }
  return params;
}

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
export function activeFilterCount(filters: Filters): number {
  return FILTER_KEYS.filter((k) => k !== 'search' && filters[k] && !(k === 'country' && filters[k] === DEFAULT_COUNTRY)).length;
}

export const categoryLabel = (value: string) => CATEGORY_LABELS[value] ?? value;
