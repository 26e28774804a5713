import { infiniteQueryOptions, keepPreviousData, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ProjectDetail, ProjectGallery, ProjectWrittenSchema } from '@circuit/shared/api/hackathon-projects';
import type { VoteWritten } from '@circuit/shared/api/hackathon-judging';
import type { ProjectFormInput } from '@circuit/shared/validation/hackathon-judging';
import { api, newRequestId } from '../../auth/apiClient';
import { galleryApiQuery, type GalleryFilters } from './galleryFilters';
import { withVote } from './voting';
import { base, hackathonProjectKeys, useViewer } from './projectQueries';

/**
 * A hackathon's projects (docs/judging.md "API"): the gallery, one project, and the writes of a team
 * and a voter (what the hackathon's page and profiles read is in projectQueries.ts). Every path takes the
 * hackathon's username as the address gives it (the API takes an id or a username).
 */

type ProjectWritten = z.infer<typeof ProjectWrittenSchema>;

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

/** While the next filters' answer loads, the cards of the last ones stay (marked busy) instead of skeletons. */
export const useGallery = (hackathon: string, filters: GalleryFilters) => useInfiniteQuery({ ...galleryQuery(hackathon, useViewer(), filters), placeholderData: keepPreviousData });
export const useProjectDetail = (hackathon: string, projectId: string) => useQuery(projectDetailQuery(hackathon, projectId, useViewer()));
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
