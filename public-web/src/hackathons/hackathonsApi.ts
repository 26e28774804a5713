import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { HackathonCard, RegistrationStatus, RegistrationProfile } from '@circuit/shared/api/hackathons';
import { HACKATHON_LIMITS } from '@circuit/shared/hackathons/options';
import { api, newRequestId } from '../auth/apiClient';
import type { Filters } from './filters';
import { hackathonKeys, hackathonListQuery, hackathonQuery } from './hackathonQueries';

export { hackathonKeys };

export const useHackathonList = (filters: Filters) => useInfiniteQuery(hackathonListQuery(filters));

/**
 * `fetchedByRouteLoader`: the route's loader asks too (prefetchHackathon), before the screen mounts, or not
 * at all once the screen had its answer; a failed answer stands instead of being asked again as the screen
 * mounts (a missing listing was requested twice).
 */
export const useHackathon = (username: string, fetchedByRouteLoader = false) => useQuery({ ...hackathonQuery(username), retryOnMount: !fetchedByRouteLoader });

export function useRegistrationStatus(hackathonId: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: hackathonKeys.registration(hackathonId ?? ''),
    enabled: Boolean(hackathonId) && enabled,
    queryFn: async ({ signal }) => (await api.get<RegistrationStatus>(`/api/hackathons/${hackathonId}/registration-status`, signal)).data!,
  });
}

/** The home page's featured hackathons (spec 3: 8). */
export function useFeaturedHackathons() {
  return useQuery({
    queryKey: [...hackathonKeys.all, 'featured'] as const,
    queryFn: async ({ signal }) => (await api.get<HackathonCard[]>(`/api/hackathons/featured?limit=${HACKATHON_LIMITS.featured}`, signal)).data ?? [],
  });
}

export function useSavedHackathons(enabled: boolean) {
  return useQuery({
    queryKey: hackathonKeys.saved(),
    enabled,
    queryFn: async ({ signal }) => (await api.get<HackathonCard[]>('/api/users/saved-hackathons', signal)).data ?? [],
  });
}

/** Save or unsave, optimistically: the saved list changes at once and is put back if the server refuses. */
export function useSaveHackathon() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ hackathon, saved }: { hackathon: HackathonCard; saved: boolean }) => {
      const key = newRequestId();
      if (saved) await api.post(`/api/users/save-hackathon/${hackathon.id}`, {}, key);
      else await api.delete(`/api/users/save-hackathon/${hackathon.id}`, key);
    },
    onMutate: async ({ hackathon, saved }) => {
      await client.cancelQueries({ queryKey: hackathonKeys.saved() });
      const previous = client.getQueryData<HackathonCard[]>(hackathonKeys.saved());
      client.setQueryData<HackathonCard[]>(hackathonKeys.saved(), (list = []) => (saved ? [hackathon, ...list.filter((h) => h.id !== hackathon.id)] : list.filter((h) => h.id !== hackathon.id)));
      return { previous };
    },
    onError: (_error, _vars, context) => client.setQueryData(hackathonKeys.saved(), context?.previous),
    onSettled: () => Promise.all([client.invalidateQueries({ queryKey: hackathonKeys.saved() }), client.invalidateQueries({ queryKey: ['listings', 'saved'] })]),
  });
}

/** A registration changes the listing's counts, the user's team and the dashboards' registered lists. */
const refreshAfterRegistration = (client: QueryClient) =>
  Promise.all([hackathonKeys.all, ['teams'], ['listings']].map((queryKey) => client.invalidateQueries({ queryKey })));

export function useRegister(hackathonId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (profile: RegistrationProfile) => {
      const key = newRequestId();
      try {
        return await api.post<RegistrationStatus>(`/api/hackathons/${hackathonId}/register`, profile, key);
      } catch (error) {
        // Right after the profile was completed the first try may race it: try once more after 1 s (spec 2 section 4).
        await new Promise((r) => setTimeout(r, 1000));
        return api.post<RegistrationStatus>(`/api/hackathons/${hackathonId}/register`, profile, key).catch(() => Promise.reject(error));
      }
    },
    onSettled: () => refreshAfterRegistration(client),
  });
}

export function useUnregister(hackathonId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<RegistrationStatus>(`/api/hackathons/${hackathonId}/register`, newRequestId()),
    onSettled: () => refreshAfterRegistration(client),
  });
}
