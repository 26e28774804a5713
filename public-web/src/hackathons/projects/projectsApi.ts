import { infiniteQueryOptions, keepPreviousData, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { JudgingSetupAnswer, MyProject, ProfileHackathonProject, ProjectDetail, ProjectGallery, ProjectWrittenSchema } from '@circuit/shared/api/hackathon-projects';
import type { VoteWritten } from '@circuit/shared/api/hackathon-judging';
import type { ProjectFormInput } from '@circuit/shared/validation/hackathon-judging';
import { api, newRequestId, request } from '../../auth/apiClient';
import { useAuth } from '../../auth/AuthContext';
import { galleryApiQuery, type GalleryFilters } from './galleryFilters';
import { withVote } from './voting';

/**
 * A hackathon's projects (docs/judging.md "API"): the gallery, one project, the team's own, the
 * judging setup (deadline, tracks, voting) and the writes of a team and a voter. Every path takes the
 * hackathon's username as the address gives it (the API takes an id or a username).
 */

type ProjectWritten = z.infer<typeof ProjectWrittenSchema>;

const base = (hackathon: string) => `/api/hackathons/${encodeURIComponent(hackathon)}`;

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
  profile: (username: string) => ['hackathon-projects', 'profile', username.toLowerCase()] as const,
};

/**
 * The gallery for the URL's filters, a page at a time (Load more asks for the next at the last page's
 * cursor): the server searches, filters and orders. The key holds the filters, so the server's render of
 * a filtered address and the browser's hydration of it read the same entry (ssr/public-pages.ts).
 */
export const galleryQuery = (hackathon: string, viewer: string | null, filters: GalleryFilters) =>
  infiniteQueryOptions({
    queryKey: hackathonProjectKeys.gallery(hackathon, viewer, filters),
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam, signal }) => (await api.get<ProjectGallery>(`${base(hackathon)}/projects?${galleryApiQuery(filters, pageParam)}`, signal)).data!,
    getNextPageParam: (last) => last.nextCursor,
    retry: false,
  });

export const projectDetailQuery = (hackathon: string, projectId: string, viewer: string | null) =>
  queryOptions({
    queryKey: hackathonProjectKeys.detail(hackathon, projectId, viewer),
    queryFn: async ({ signal }) => (await api.get<ProjectDetail>(`${base(hackathon)}/projects/${encodeURIComponent(projectId)}`, signal)).data!,
    retry: false,
  });

/** The setup anyone may read: deadline, tracks, whether the gallery and voting are open, what the viewer may do. */
export const judgingQuery = (hackathon: string, viewer: string | null) =>
  queryOptions({
    queryKey: hackathonProjectKeys.judging(hackathon, viewer),
    queryFn: async ({ signal }) => (await api.get<JudgingSetupAnswer>(`${base(hackathon)}/judging`, signal)).data!,
    retry: false,
  });

/** The signed-in viewer's id, null signed out and while the session is checked (as on the server). */
const useViewer = () => useAuth().user?.id ?? null;

/** While the next filters' answer loads, the cards of the last ones stay (marked busy) instead of skeletons. */
export const useGallery = (hackathon: string, filters: GalleryFilters) => useInfiniteQuery({ ...galleryQuery(hackathon, useViewer(), filters), placeholderData: keepPreviousData });
export const useProjectDetail = (hackathon: string, projectId: string) => useQuery(projectDetailQuery(hackathon, projectId, useViewer()));
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

function useRefresh(hackathon: string) {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: hackathonProjectKeys.of(hackathon) });
}

/** Save the draft; `submit` then submits what was saved (the server submits the saved draft). */
export function useSaveProject(hackathon: string) {
  const refresh = useRefresh(hackathon);
  return useMutation({
    mutationFn: async ({ form, submit }: { form: ProjectFormInput; submit: boolean }) => {
      const saved = await api.put<ProjectWritten>(`${base(hackathon)}/project`, form, newRequestId());
      if (!submit) return saved;
      return api.post<ProjectWritten>(`${base(hackathon)}/project/submit`, {}, newRequestId());
    },
    onSettled: refresh,
  });
}

/** A draft made from a member's portfolio project (it replaces the draft). */
export function useStartFromPortfolio(hackathon: string) {
  const refresh = useRefresh(hackathon);
  return useMutation({
    mutationFn: (portfolioProjectId: string) => api.post<ProjectWritten>(`${base(hackathon)}/project/from-portfolio`, { portfolioProjectId }, newRequestId()),
    onSettled: refresh,
  });
}

/**
 * The community vote: for a project (in a track when votes are per track), or withdrawn. What the
 * server answers becomes the viewer's votes on every project page of the hackathon in the cache (a
 * vote for one project is no longer a vote for another in that track).
 */
export function useVote(hackathon: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ projectId, trackId, withdraw }: { projectId: string; trackId: string | null; withdraw?: boolean }) =>
      withdraw
        ? api.delete<VoteWritten>(`${base(hackathon)}/vote${trackId ? `?trackId=${encodeURIComponent(trackId)}` : ''}`, newRequestId())
        : api.put<VoteWritten>(`${base(hackathon)}/projects/${encodeURIComponent(projectId)}/vote`, { trackId }, newRequestId()),
    onSuccess: (res, { trackId }) => {
      client.setQueriesData<ProjectDetail>({ queryKey: [...hackathonProjectKeys.of(hackathon), 'detail'] }, (detail) =>
        detail ? { ...detail, viewerVotes: withVote(detail.viewerVotes, trackId, res.data?.projectId ?? null) } : detail,
      );
    },
  });
}
