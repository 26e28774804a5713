/** The default country of the listing filters (spec 2 section 9): India unless the visitor picks International (or "any"). */
export const DEFAULT_COUNTRY = 'India';

/**
 * A list page's filters as they live in the URL (shareable, kept on reload), for one set of keys: empty ones are
 * dropped, the country defaults to India and the default is not written back.
 */
export function urlFilterCodec<K extends string>(keys: readonly K[]) {
  type F = Partial<Record<K, string>>;
  const isDefault = (key: K, value: string) => key === 'country' && value === DEFAULT_COUNTRY;
  return {
    fromParams(params: URLSearchParams): F {
      const filters: F = {};
      for (const key of keys) {
        const value = params.get(key)?.trim();
        if (value) filters[key] = value;
      }
      if (keys.includes('country' as K) && !filters['country' as K]) filters['country' as K] = DEFAULT_COUNTRY;
      return filters;
    },
    toParams(filters: F): URLSearchParams {
      const params = new URLSearchParams();
      for (const key of keys) {
        const value = filters[key]?.trim();
        if (value && !isDefault(key, value)) params.set(key, value);
      }
      return params;
    },
    /** How many filters differ from the defaults (the Filters button's badge); the search box is not one. */
    activeCount(filters: F): number {
      return keys.filter((k) => k !== 'search' && filters[k] && !isDefault(k, filters[k])).length;
    },
  };
}
export type UrlFilterCodec<K extends string> = ReturnType<typeof urlFilterCodec<K>>;
