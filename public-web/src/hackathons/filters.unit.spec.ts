import { describe, expect, it } from 'vitest';
import { activeFilterCount, apiQuery, filtersFromParams, paramsFromFilters } from './filters';

describe('hackathon list filters', () => {
  it('defaults the country to India and keeps only set filters in the URL', () => {
    const filters = filtersFromParams(new URLSearchParams('category=hackathon&search=%20ai%20&state='));
    expect(filters).toEqual({ category: 'hackathon', search: 'ai', country: 'India' });
    expect(paramsFromFilters(filters).toString()).toBe('search=ai&category=hackathon');
    expect(activeFilterCount(filters)).toBe(1);
  });

  it('asks the API for India by default, nothing for "any", and pages with the cursor', () => {
    expect(apiQuery({ country: 'India' }, 16)).toBe('country=India&limit=16');
    expect(apiQuery({ country: 'any', status: 'ongoing' }, 12, 'abc')).toBe('status=ongoing&limit=12&cursor=abc');
    expect(activeFilterCount({ country: 'International', registrationFees: 'free' })).toBe(2);
  });
});
