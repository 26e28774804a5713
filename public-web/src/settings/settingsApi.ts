import type { NotificationSettingsAnswer, UnsubscribeAnswer } from '@circuit/shared/api/notification-settings';
import type { NotificationSetting } from '@circuit/shared/notifications/notification-settings';
import { api } from '../auth/apiClient';

/** Notification settings and one-click unsubscribe (/api/openapi.json, Notification settings). */
export const settingsApi = {
  get: async (signal?: AbortSignal) => (await api.get<NotificationSettingsAnswer>('/api/users/notification-settings', signal)).data,
  change: async (settings: NotificationSetting[]) => (await api.put<NotificationSettingsAnswer>('/api/users/notification-settings', { settings })).data,
  unsubscribe: async (token: string) => (await api.post<UnsubscribeAnswer>(`/api/unsubscribe/${encodeURIComponent(token)}`)).data,
};

export const settingsKeys = { notifications: ['settings', 'notifications'] as const };
