import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationSettingsAnswer } from '@circuit/shared/api/notification-settings';
import type { NotificationSetting } from '@circuit/shared/notifications/notification-settings';
import { messageOf } from '../auth/apiClient';
import { notify } from '../ui/toast';
import { settingsApi, settingsKeys } from './settingsApi';

const same = (a: NotificationSetting, b: Pick<NotificationSetting, 'kind' | 'channel'>) => a.kind === b.kind && a.channel === b.channel;

/**
 * The user's switches and turning one: shown at once, put back with a message when the server
 * refuses, and replaced by the server's answer (every switch) when it accepts.
 */
export function useNotificationSettings() {
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: settingsKeys.notifications, queryFn: ({ signal }) => settingsApi.get(signal) });
  const change = useMutation({
    mutationFn: (setting: NotificationSetting) => settingsApi.change([setting]),
    onMutate: async (setting) => {
      await queryClient.cancelQueries({ queryKey: settingsKeys.notifications });
      const before = queryClient.getQueryData<NotificationSettingsAnswer>(settingsKeys.notifications);
      if (before) queryClient.setQueryData<NotificationSettingsAnswer>(settingsKeys.notifications, { settings: before.settings.map((s) => (same(s, setting) ? setting : s)) });
      return { before };
    },
    onError: (error, _setting, context) => {
      if (context?.before) queryClient.setQueryData(settingsKeys.notifications, context.before);
      notify.error(messageOf(error, 'Your setting was not saved. Try again.'));
    },
    onSuccess: (answer) => {
      queryClient.setQueryData(settingsKeys.notifications, answer);
    },
  });
  const enabled = (kind: NotificationSetting['kind'], channel: NotificationSetting['channel']) => query.data?.settings.find((s) => same(s, { kind, channel }))?.enabled ?? true;
  return { query, enabled, toggle: (setting: NotificationSetting) => change.mutate(setting) };
}
