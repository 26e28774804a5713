import { api, isApiError } from '../auth/apiClient';
import type { MessageThread as ThreadAnswer } from '@circuit/shared/api/messaging';
import type { UserSummary } from '@circuit/shared/api/users';
import type { ChatMessage, ChatPartner, MessageThread } from './types';

export interface ChatPage {
  /** Oldest first within the page. */
  messages: ChatMessage[];
  /** Whether an older page exists (the server says so; without it, whether a full page came back). */
  hasMore: boolean;
}

const asPartner = (value: unknown): ChatPartner | null => {
  if (!value || typeof value !== 'object') return null;
  const v = value as Partial<ChatPartner> & { _id?: string };
  const id = v.id ?? v._id;
  if (!id) return null;
  return {
    id,
    _id: v._id ?? id,
    username: v.username ?? '',
    firstName: v.firstName ?? '',
    lastName: v.lastName ?? '',
    profilePicture: v.profilePicture ?? null,
    tagline: v.tagline,
  };
};

/** Messaging calls of spec section 7 ("Messaging, notifications, presence"). Each throws ApiError on failure. */
export const messagesApi = {
  /** GET /api/users/{id}/chat?limit&before: a page of history, `before` being the oldest loaded message's id. */
  chat: async (userId: string, limit: number, before?: string, signal?: AbortSignal): Promise<ChatPage> => {
    const params = new URLSearchParams({ limit: String(limit) });
    if (before) params.set('before', before);
    const envelope = await api.get<ChatMessage[]>(`/api/users/${encodeURIComponent(userId)}/chat?${params}`, signal);
    const messages = Array.isArray(envelope.data) ? envelope.data : [];
    const hasMore = (envelope as { hasMore?: unknown }).hasMore;
    return { messages, hasMore: typeof hasMore === 'boolean' ? hasMore : messages.length >= limit };
  },

  threads: async (signal?: AbortSignal): Promise<MessageThread[]> => {
    const data = (await api.get<ThreadAnswer[]>('/api/users/messages/threads', signal)).data;
    if (!Array.isArray(data)) return [];
    return data.flatMap((row) => {
      const r = row as { user?: unknown; lastMessage?: MessageThread['lastMessage']; unreadCount?: unknown };
      const user = asPartner(r.user);
      if (!user) return [];
      return [{ user, lastMessage: r.lastMessage ?? null, unreadCount: typeof r.unreadCount === 'number' ? r.unreadCount : 0 }];
    });
  },

  /**
   * GET /api/users/connections: the connected users, for the search box. null when the endpoint is not
   * there (404): the search then says it is unavailable instead of failing.
   */
  connections: async (signal?: AbortSignal): Promise<ChatPartner[] | null> => {
    try {
      const data = (await api.get<UserSummary[]>('/api/users/connections', signal)).data;
      return Array.isArray(data) ? data.flatMap((u) => asPartner(u) ?? []) : [];
    } catch (error) {
      if (isApiError(error) && error.status === 404) return null;
      throw error;
    }
  },

  /** GET /api/users/{id}: who a conversation opened by id (/messages?user={id}) is with. */
  user: async (userId: string, signal?: AbortSignal): Promise<ChatPartner | null> =>
    asPartner((await api.get<unknown>(`/api/users/${encodeURIComponent(userId)}`, signal)).data),

  markRead: (userId: string) => api.post<unknown>(`/api/users/messages/mark-read/${encodeURIComponent(userId)}`),

  remove: (messageId: string) => api.delete<unknown>(`/api/users/messages/${encodeURIComponent(messageId)}`),
};
