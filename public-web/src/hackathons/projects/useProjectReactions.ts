import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ProjectCommentWrittenSchema, ProjectWrittenSchema } from '@circuit/shared/api/hackathon-projects';
import type { ProjectComment } from '@circuit/shared/api/projects';
import { api, messageOf, newRequestId } from '../../auth/apiClient';
import { notify } from '../../ui/toast';
import { base, hackathonProjectKeys } from './projectQueries';

/**
 * A hackathon project's likes, saves and comments (docs/judging.md "Reactions and comments"): the
 * toggles and the comment thread (the viewer's likes across the gallery are in projectQueries.ts). A
 * write refreshes what shows its counts: the project page, the gallery and profiles.
 */
export type ReactionAction = 'like' | 'unlike' | 'save' | 'unsave';
type CommentWritten = z.infer<typeof ProjectCommentWrittenSchema>;
type ProjectWritten = z.infer<typeof ProjectWrittenSchema>;

const projectBase = (hackathon: string, projectId: string) => `${base(hackathon)}/projects/${encodeURIComponent(projectId)}`;

function useRefreshCounts(hackathon: string) {
  const client = useQueryClient();
  return () => Promise.all([client.invalidateQueries({ queryKey: hackathonProjectKeys.of(hackathon) }), client.invalidateQueries({ queryKey: hackathonProjectKeys.profiles })]);
}

export function useReactionToggle(hackathon: string, projectId: string) {
  const refresh = useRefreshCounts(hackathon);
  return useMutation({
    mutationFn: (action: ReactionAction) => api.post<ProjectWritten>(`${projectBase(hackathon, projectId)}/${action}`, {}, newRequestId()),
    onSettled: refresh,
    onError: (error) => notify.error(messageOf(error, 'Something went wrong. Please try again.')),
  });
}

export function useProjectComments(hackathon: string, projectId: string) {
  const refresh = useRefreshCounts(hackathon);
  const comments = useQuery({
    queryKey: hackathonProjectKeys.comments(hackathon, projectId),
    queryFn: async ({ signal }) => (await api.get<ProjectComment[]>(`${projectBase(hackathon, projectId)}/comments`, signal)).data ?? [],
    retry: false,
  });
  const path = `${projectBase(hackathon, projectId)}/comments`;
  return {
    comments,
    comment: async (text: string) => (await api.post<CommentWritten>(path, { text }, newRequestId())).data,
    reply: async (commentId: string, text: string) => (await api.post<CommentWritten>(`${path}/${encodeURIComponent(commentId)}/replies`, { text }, newRequestId())).data,
    refresh,
  };
}
