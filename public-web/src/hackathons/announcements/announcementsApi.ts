import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Announcement, AnnouncementList, SponsorList } from '@circuit/shared/api/hackathon-announcements';
import type { AnnouncementFormInput, SponsorFormInput } from '@circuit/shared/validation/hackathon-announcements';
import { api, newRequestId } from '../../auth/apiClient';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A hackathon's id (a UUID, which no username can be) rather than its username. */
export const isHackathonId = (param: string) => UUID.test(param);

/** What a page asks the announcements of: the hackathon's id (lower case) or its username, as the address gives it. */
export const announcementsOf = (param: string) => (isHackathonId(param) ? param.toLowerCase() : param);

/** Keys by prefix; writes refresh the lists and the listing (its detail carries the sponsors). */
export const boardKeys = {
  announcements: (hackathon: string) => ['announcements', hackathon] as const,
  sponsors: (hackathon: string) => ['sponsors', hackathon] as const,
};

/** GET /api/hackathons/{id}/announcements, by id or by username. */
export function useAnnouncements(hackathon: string, enabled = true) {
  return useQuery({
    queryKey: boardKeys.announcements(hackathon),
    enabled: enabled && Boolean(hackathon),
    queryFn: async ({ signal }) => (await api.get<AnnouncementList>(`/api/hackathons/${encodeURIComponent(hackathon)}/announcements`, signal)).data!,
    retry: false,
  });
}

export function useSponsors(hackathon: string, enabled = true) {
  return useQuery({
    queryKey: boardKeys.sponsors(hackathon),
    enabled: enabled && Boolean(hackathon),
    queryFn: async ({ signal }) => (await api.get<SponsorList>(`/api/hackathons/${encodeURIComponent(hackathon)}/sponsors`, signal)).data!,
    retry: false,
  });
}

function useRefresh() {
  const client = useQueryClient();
  return () => Promise.all([['announcements'], ['sponsors'], ['hackathons']].map((queryKey) => client.invalidateQueries({ queryKey })));
}

/** Post (no id) or edit (with id) an announcement. */
export function useSaveAnnouncement(hackathonId: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, form }: { id?: string; form: AnnouncementFormInput }) =>
      id
        ? api.put<{ announcement: Announcement }>(`/api/hackathons/${hackathonId}/announcements/${id}`, form, newRequestId())
        : api.post<{ announcement: Announcement }>(`/api/hackathons/${hackathonId}/announcements`, form, newRequestId()),
    onSettled: refresh,
  });
}

export function useDeleteAnnouncement(hackathonId: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/api/hackathons/${hackathonId}/announcements/${id}`, newRequestId()),
    onSettled: refresh,
  });
}

export function useSaveSponsor(hackathonId: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, form }: { id?: string; form: SponsorFormInput }) =>
      id ? api.put(`/api/hackathons/${hackathonId}/sponsors/${id}`, form, newRequestId()) : api.post(`/api/hackathons/${hackathonId}/sponsors`, form, newRequestId()),
    onSettled: refresh,
  });
}

export function useDeleteSponsor(hackathonId: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/api/hackathons/${hackathonId}/sponsors/${id}`, newRequestId()),
    onSettled: refresh,
  });
}
