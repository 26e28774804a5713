import type { Notification } from '@circuit/shared/api/notifications';
import { api } from '../auth/apiClient';

export type { NotificationStatus, NotificationType } from '@circuit/shared/api/notifications';
/** A notification as the contract (shared/src/api/notifications.ts) has it. */
export type AppNotification = Notification;

/** Notification calls (/api/openapi.json, Notifications). */
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
