import type { UserSearchPage } from '@circuit/shared/api/users';
import { api } from '../auth/apiClient';
import type { UserSummary } from '../users/types';

export const SEARCH_PAGE_SIZE = 20;
export const MAX_SKILLS_SHOWN = 5;
export const QUICK_CHIP_COUNT = 8;

export interface SearchPage {
  users: UserSummary[];
  total: number;
  page: number;
}

export interface SearchCriteria {
  q: string;
  skills: string[];
}

/** GET /api/users/search/by?q&skills&page&limit=20 -> data.users, data.total. */
export async function searchUsers({ q, skills }: SearchCriteria, page: number, signal?: AbortSignal): Promise<SearchPage> {
  // Both filters are always sent (empty when unused), as in the contract's example.
  const params = new URLSearchParams({ q: q.trim(), skills: skills.join(','), page: String(page), limit: String(SEARCH_PAGE_SIZE) });
  const data = (await api.get<Partial<UserSearchPage>>(`/api/users/search/by?${params}`, signal)).data;
  const users = Array.isArray(data?.users) ? data.users : [];
  return { users, total: typeof data?.total === 'number' ? data.total : users.length, page };
}

/** More is offered when a full page came back and page*20 is below the total (spec section 9). */
export function nextSearchPage(last: SearchPage): number | undefined {
  return last.users.length === SEARCH_PAGE_SIZE && last.page * SEARCH_PAGE_SIZE < last.total ? last.page + 1 : undefined;
}

/** Whether a search may run: non-blank text or at least one skill (spec section 5). */
export const canSearch = ({ q, skills }: SearchCriteria) => Boolean(q.trim()) || skills.length > 0;

/**
 * A custom skill is trimmed and added only if it is not in the preset list and not already selected;
 * returns the new selection (unchanged when refused).
 */
export function addCustomSkill(selected: string[], presets: readonly string[], value: string): string[] {
  const skill = value.trim();
  if (!skill) return selected;
  const same = (a: string) => a.toLowerCase() === skill.toLowerCase();
  if (presets.some(same) || selected.some(same)) return selected;
  return [...selected, skill];
}

export const searchKeys = {
  all: ['search'] as const,
  users: (criteria: SearchCriteria) => ['search', 'users', criteria.q.trim().toLowerCase(), [...criteria.skills].sort()] as const,
};
