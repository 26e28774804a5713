import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { JudgeAssignments, JudgingRankings, JudgingStandings, JudgingVotes, ScoreWritten } from '@circuit/shared/api/hackathon-judging';
import type { JudgingSetupAnswer, ProjectGallery } from '@circuit/shared/api/hackathon-projects';
import type { ExcludeVotesForm, InviteJudgeForm, JudgingSetupForm, PublishWinnersForm } from '@circuit/shared/validation/hackathon-judging';
import type { ScoreBody } from '@circuit/shared/validation/hackathon-scoring';
import { api } from '../../auth/apiClient';

/**
 * The judging screens' requests (docs/judging.md "API"). Reads by the hackathon's username (the
 * projection answers by id or username); writes by its id, from the setup's answer.
 * Keys by prefix: invalidating judgingKeys.of(username) refreshes every judging view of it.
 */
export const judgingKeys = {
  of: (username: string) => ['hackathons', 'judging', username] as const,
  setup: (username: string) => ['hackathons', 'judging', username, 'setup'] as const,
  gallery: (username: string) => ['hackathons', 'judging', username, 'gallery'] as const,
  assignments: (username: string) => ['hackathons', 'judging', username, 'assignments'] as const,
  rankings: (username: string) => ['hackathons', 'judging', username, 'rankings'] as const,
  standings: (username: string, at: string) => ['hackathons', 'judging', username, 'standings', at] as const,
  votes: (username: string) => ['hackathons', 'judging', username, 'votes'] as const,
};

const base = (idOrUsername: string) => `/api/hackathons/${encodeURIComponent(idOrUsername)}`;

/** The CSV exports, for links (the browser downloads them with the session cookie). */
export const csvPaths = (username: string) => ({ projects: `${base(username)}/projects.csv`, scores: `${base(username)}/scores.csv` });

/** The project's page (the participant screens'). */
export const projectPagePath = (username: string, projectId: string) => `/hackathons/${encodeURIComponent(username)}/projects/${encodeURIComponent(projectId)}`;

const noRetryOnRefusal = (count: number, error: unknown) => count < 2 && !(error instanceof Error && 'status' in error && (error as { status: number }).status >= 400 && (error as { status: number }).status < 500);

export function useJudgingSetup(username: string, enabled: boolean) {
  return useQuery({
    queryKey: judgingKeys.setup(username),
    enabled,
    retry: noRetryOnRefusal,
    queryFn: async ({ signal }) => (await api.get<JudgingSetupAnswer>(`${base(username)}/judging`, signal)).data!,
  });
}

/** Every submitted project, as the organiser sees the gallery (for the winners' and assignment's lists). */
export function useStaffGallery(username: string, enabled: boolean) {
  return useQuery({
    queryKey: judgingKeys.gallery(username),
    enabled,
    retry: noRetryOnRefusal,
    queryFn: async ({ signal }) => (await api.get<ProjectGallery>(`${base(username)}/projects`, signal)).data!,
  });
}

export function useJudgeAssignments(username: string, enabled: boolean) {
  return useQuery({
    queryKey: judgingKeys.assignments(username),
    enabled,
    retry: noRetryOnRefusal,
    // The sheet keeps what the judge types: a refetch would not overwrite it, but it is not needed either.
    refetchOnWindowFocus: false,
    queryFn: async ({ signal }) => (await api.get<JudgeAssignments>(`${base(username)}/judge/assignments`, signal)).data!,
  });
}

export function useRankings(username: string, enabled: boolean) {
  return useQuery({
    queryKey: judgingKeys.rankings(username),
    enabled,
    retry: noRetryOnRefusal,
    queryFn: async ({ signal }) => (await api.get<JudgingRankings>(`${base(username)}/judging/rankings`, signal)).data!,
  });
}

/** The ranking replayed at `at` (an ISO instant); off while `at` is null. */
export function useStandingsAt(username: string, at: string | null) {
  return useQuery({
    queryKey: judgingKeys.standings(username, at ?? ''),
    enabled: at !== null,
    retry: noRetryOnRefusal,
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) => (await api.get<JudgingStandings>(`${base(username)}/judging/standings?at=${encodeURIComponent(at ?? '')}`, signal)).data!,
  });
}

export function useJudgingVotes(username: string, enabled: boolean) {
  return useQuery({
    queryKey: judgingKeys.votes(username),
    enabled,
    retry: noRetryOnRefusal,
    queryFn: async ({ signal }) => (await api.get<JudgingVotes>(`${base(username)}/judging/votes`, signal)).data!,
  });
}

function useWrite<V>(username: string, send: (vars: V) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: send, onSettled: () => client.invalidateQueries({ queryKey: judgingKeys.of(username) }) });
}

/** The organiser's writes; each refreshes every judging view of the hackathon. */
export function useJudgingWrites(username: string, hackathonId: string) {
  return {
    saveSetup: useWrite(username, (form: JudgingSetupForm) => api.put(`${base(hackathonId)}/judging`, form)),
    inviteJudge: useWrite(username, (form: InviteJudgeForm) => api.post(`${base(hackathonId)}/judges`, form)),
    removeJudge: useWrite(username, (judgeId: string) => api.delete(`${base(hackathonId)}/judges/${encodeURIComponent(judgeId)}`)),
    assign: useWrite(username, (_: void) => api.post(`${base(hackathonId)}/judging/assign`, {})),
    excludeVotes: useWrite(username, (form: ExcludeVotesForm) => api.post(`${base(hackathonId)}/votes/exclusions`, form)),
    publish: useWrite(username, (form: PublishWinnersForm) => api.post(`${base(hackathonId)}/results/publish`, form)),
  };
}

/** One score or the note of one project: the judge's sheet line as it now stands. */
export const sendScore = async (hackathonId: string, projectId: string, body: ScoreBody, idempotencyKey?: string) =>
  (await api.put<ScoreWritten>(`${base(hackathonId)}/projects/${encodeURIComponent(projectId)}/scores`, body, idempotencyKey)).data;
