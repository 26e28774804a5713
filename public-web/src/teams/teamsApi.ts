import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TeamStatus, TeamSubmitted, Team } from '@circuit/shared/api/hackathons';
import type { PaymentOrder } from '@circuit/shared/api/payments';
import { api, newRequestId } from '../auth/apiClient';

export const teamKeys = { mine: (hackathonId: string) => ['teams', 'mine', hackathonId] as const };

export function useMyTeam(hackathonId: string | undefined) {
  return useQuery({
    queryKey: teamKeys.mine(hackathonId ?? ''),
    enabled: Boolean(hackathonId),
    queryFn: async ({ signal }) => (await api.get<TeamStatus>(`/api/hackathons/${hackathonId}/teams/me`, signal)).data!,
  });
}

/** The team calls of spec 2 section 7; each refreshes the team and the hackathon views after it settles. */
export function useTeamActions(hackathonId: string) {
  const client = useQueryClient();
  const settle = () => Promise.all([client.invalidateQueries({ queryKey: ['teams'] }), client.invalidateQueries({ queryKey: ['hackathons'] })]);
  const base = `/api/hackathons/${hackathonId}`;
  const action = <A, R>(fn: (arg: A) => Promise<R>) => useMutation({ mutationFn: fn, onSettled: settle });
  return {
    create: action((name: string) => api.post<{ team: Team }>(`${base}/teams`, { name }, newRequestId())),
    join: action((code: string) => api.post<{ team: Team }>(`${base}/teams/join`, { code }, newRequestId())),
    remove: action(({ teamId, memberId }: { teamId: string; memberId: string }) => api.post<{ team: Team }>(`${base}/teams/${teamId}/remove`, { memberId }, newRequestId())),
    deleteTeam: action((teamId: string) => api.post(`${base}/teams/${teamId}/delete`, {}, newRequestId())),
    submit: action((teamId: string) => api.post<TeamSubmitted>(`${base}/teams/${teamId}/submit`, {}, newRequestId())),
    order: action(() => api.post<PaymentOrder>(`${base}/create-payment-order`, {}, newRequestId())),
    verify: action((body: { orderId: string; paymentId: string; signature: string }) => api.post<TeamStatus>(`${base}/verify-payment`, body, newRequestId())),
  };
}
