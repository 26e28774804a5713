import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { COMMUNITY_PAGE_SIZE, type CommunityAdmin, type CommunityMessage, type CommunityPage, type CommunityParticipants } from '@circuit/shared/api/community';
import { api, newRequestId } from '../auth/apiClient';

/** Query keys by prefix: invalidating ['community', id] refreshes every view of one community. */
export const communityKeys = {
  all: ['community'] as const,
  of: (hackathonId: string) => ['community', hackathonId] as const,
  participants: (hackathonId: string) => ['community', hackathonId, 'participants'] as const,
};

const base = (hackathonId: string) => `/api/community/${encodeURIComponent(hackathonId)}`;

/** Page `page` of the chat (1: the newest 100), oldest first within the page. */
export async function fetchCommunityPage(hackathonId: string, page: number, signal?: AbortSignal): Promise<CommunityPage> {
  const res = (await api.get<CommunityMessage[]>(`${base(hackathonId)}/messages?page=${page}&limit=${COMMUNITY_PAGE_SIZE}`, signal)) as unknown as Partial<CommunityPage>;
  return {
    data: res.data ?? [],
    pagination: res.pagination ?? { page, limit: COMMUNITY_PAGE_SIZE, total: 0, hasMore: false },
    canModerate: Boolean(res.canModerate),
  };
}

export async function postCommunityMessage(hackathonId: string, body: { message: string; replyTo: string | null; clientMessageId: string }, idempotencyKey: string) {
  return (await api.post<CommunityMessage>(`${base(hackathonId)}/messages`, body, idempotencyKey)).data;
}

export async function editCommunityMessage(hackathonId: string, messageId: string, message: string) {
  return (await api.put<CommunityMessage>(`${base(hackathonId)}/messages/${encodeURIComponent(messageId)}`, { message })).data;
}

export async function deleteCommunityMessage(hackathonId: string, messageId: string) {
  await api.delete(`${base(hackathonId)}/messages/${encodeURIComponent(messageId)}`);
}

export function useCommunityParticipants(hackathonId: string, enabled: boolean) {
  return useQuery({
    queryKey: communityKeys.participants(hackathonId),
    enabled,
    queryFn: async ({ signal }) => (await api.get<CommunityParticipants>(`${base(hackathonId)}/participants`, signal)).data!,
  });
}

export type ModerationAction = 'addAdmin' | 'removeAdmin' | 'removeUser' | 'reAddUser';

/** The admin panel's writes; each refreshes the panel (and the chat, whose readers may have changed). */
export function useModeration(hackathonId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ action, userId }: { action: ModerationAction; userId: string }) => {
      const key = newRequestId();
      const id = encodeURIComponent(userId);
      switch (action) {
        case 'addAdmin':
          return api.post<CommunityAdmin[]>(`${base(hackathonId)}/admins`, { userId }, key);
        case 'removeAdmin':
          return api.delete<CommunityAdmin[]>(`${base(hackathonId)}/admins/${id}`, key);
        case 'removeUser':
          return api.delete<CommunityParticipants>(`${base(hackathonId)}/users/${id}`, key);
        case 'reAddUser':
          return api.post<CommunityParticipants>(`${base(hackathonId)}/users/${id}/re-add`, {}, key);
      }
    },
    onSettled: () => client.invalidateQueries({ queryKey: communityKeys.participants(hackathonId) }),
  });
}
