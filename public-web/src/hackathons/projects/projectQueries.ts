import { queryOptions, useQuery } from '@tanstack/react-query';
import type { JudgingSetupAnswer, MyProject, MyReactions, ProfileHackathonProject } from '@circuit/shared/api/hackathon-projects';
import { api, request } from '../../auth/apiClient';
import { useAuth } from '../../auth/AuthContext';
import type { GalleryFilters } from './galleryFilters';

/*
 * What the hackathon's page and a profile read of its projects (the judging setup, the viewer's own
 * project, a member's hackathon projects), apart from the gallery's and the forms' calls in
 * projectsApi.ts: those pages are server-rendered and their first load is kept small.
 */

export const base = (hackathon: string) => `/api/hackathons/${encodeURIComponent(hackathon)}`;

/**
 * Keys by prefix: ['hackathon-projects', hackathon] refreshes everything of one hackathon. What the
 * answers show depends on the viewer (a team sees its own project before the gallery opens), so the
 * keys name the viewer: null for a signed-out visitor, as the server's render and hydration are.
 */
export const hackathonProjectKeys = {
  all: ['hackathon-projects'] as const,
  of: (hackathon: string) => ['hackathon-projects', hackathon] as const,
  gallery: (hackathon: string, viewer: string | null, filters: GalleryFilters) => ['hackathon-projects', hackathon, 'gallery', viewer, filters] as const,
  detail: (hackathon: string, projectId: string, viewer: string | null) => ['hackathon-projects', hackathon, 'detail', projectId, viewer] as const,
  mine: (hackathon: string) => ['hackathon-projects', hackathon, 'mine'] as const,
  judging: (hackathon: string, viewer: string | null) => ['hackathon-projects', hackathon, 'judging', viewer] as const,
  profiles: ['hackathon-projects', 'profile'] as const,
  profile: (username: string) => ['hackathon-projects', 'profile', username.toLowerCase()] as const,
  comments: (hackathon: string, projectId: string) => ['hackathon-projects', hackathon, 'comments', projectId] as const,
  myReactions: (hackathon: string, viewer: string | null) => ['hackathon-projects', hackathon, 'my-reactions', viewer] as const,
};

/** The signed-in viewer's id, null signed out and while the session is checked (as on the server). */
export const useViewer = () => useAuth().user?.id ?? null;

/** The setup anyone may read: deadline, tracks, whether the gallery and voting are open, what the viewer may do. */
export const judgingQuery = (hackathon: string, viewer: string | null) =>
  queryOptions({
    queryKey: hackathonProjectKeys.judging(hackathon, viewer),
    queryFn: async ({ signal }) => (await api.get<JudgingSetupAnswer>(`${base(hackathon)}/judging`, signal)).data!,
    retry: false,
  });

export function useJudging(hackathon: string, enabled = true) {
  const viewer = useViewer();
  return useQuery({ ...judgingQuery(hackathon, viewer), enabled: enabled && Boolean(hackathon) });
}

/** The signed-in viewer's team project (401 signed out: the screen asks only when signed in). */
export function useMyProject(hackathon: string, enabled: boolean) {
  return useQuery({
    queryKey: hackathonProjectKeys.mine(hackathon),
    enabled,
    queryFn: async ({ signal }) => (await api.get<MyProject>(`${base(hackathon)}/project`, signal)).data!,
    retry: false,
  });
}

/** The hackathon projects a profile shows: GET /api/users/projects answers them beside the portfolio. */
export function useProfileHackathonProjects(username: string) {
  return useQuery({
    queryKey: hackathonProjectKeys.profile(username),
    queryFn: async ({ signal }) => {
      const envelope = (await request<unknown>(`/api/users/projects?username=${encodeURIComponent(username)}`, { signal })) as { hackathonProjects?: ProfileHackathonProject[] };
      return envelope.hackathonProjects ?? [];
    },
    retry: false,
    staleTime: 10_000,
  });
}

/** The projects the signed-in viewer likes and saves in the hackathon (nothing asked signed out). */
export function useMyReactions(hackathon: string): MyReactions | undefined {
  const viewer = useViewer();
  return useQuery({
    queryKey: hackathonProjectKeys.myReactions(hackathon, viewer),
    enabled: Boolean(viewer),
    queryFn: async ({ signal }) => (await api.get<MyReactions>(`${base(hackathon)}/my-reactions`, signal)).data!,
    retry: false,
  }).data;
}
