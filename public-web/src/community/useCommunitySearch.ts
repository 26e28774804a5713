import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { COMMUNITY_PAGE_SIZE, type CommunityMessage } from '@circuit/shared/api/community';
import { api } from '../auth/apiClient';
import { communityKeys } from './communityApi';

/** A pause after the last keystroke before the server is asked, so typing a word is one request. */
export const COMMUNITY_SEARCH_DELAY_MS = 300;

interface SearchPage {
  data: CommunityMessage[];
  total: number;
}

/**
 * The chat's search over the whole history on the server (not only the loaded pages): the newest
 * 100 matching messages, oldest first, and how many match in all.
 */
export function useCommunitySearch(hackathonId: string, term: string) {
  const [settled, setSettled] = useState(term.trim());
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(term.trim()), COMMUNITY_SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [term]);

  const query = useQuery({
    queryKey: [...communityKeys.of(hackathonId), 'search', settled],
    enabled: settled.length > 0,
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }): Promise<SearchPage> => {
      const params = new URLSearchParams({ page: '1', limit: String(COMMUNITY_PAGE_SIZE), search: settled });
      const res = (await api.get<CommunityMessage[]>(`/api/community/${encodeURIComponent(hackathonId)}/messages?${params}`, signal)) as unknown as {
        data?: CommunityMessage[];
        pagination?: { total: number };
      };
      return { data: res.data ?? [], total: res.pagination?.total ?? 0 };
    },
  });

  const pending = term.trim() !== settled || query.isFetching;
  return {
    active: settled.length > 0,
    results: query.data?.data ?? [],
    total: query.data?.total ?? 0,
    pending,
    failed: query.isError,
    refresh: () => void query.refetch(),
  };
}
