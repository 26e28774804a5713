import { api } from '../auth/apiClient';

export type NotificationType = 'connection_request' | 'connection_request_sent' | 'connection_accepted' | 'connection_rejected' | 'follow';
export type NotificationStatus = 'pending' | 'accepted' | 'rejected';

export interface AppNotification {
  _id: string;
  type: NotificationType;
  status: NotificationStatus | null;
  isOutgoing: boolean;
  read: boolean;
  createdAt: string;
  message?: string;
  from: { _id: string; id?: string; firstName: string; lastName: string; username: string; profilePicture: string | null } | null;
}

/** Notification calls (docs/api-profiles-social.md, "Notifications"). */
export const notificationsApi = {
  list: async (signal?: AbortSignal) => {
    const data = (await api.get<AppNotification[]>('/api/users/notifications', signal)).data;
    return Array.isArray(data) ? data : [];
  },
  markRead: (id: string) => api.patch<AppNotification>(`/api/users/notifications/${encodeURIComponent(id)}/read`),
  remove: (id: string) => api.delete<unknown>(`/api/users/notifications/${encodeURIComponent(id)}`),
  markAllRead: () => api.patch<{ updated: number }>('/api/notifications/mark-all-read'),
};

export const notificationKeys = {
  all: ['notifications'] as const,
  list: ['notifications', 'list'] as const,
};
