import { z } from 'zod';
import { NotificationChannelSchema, NotificationSettingKindSchema } from '../notifications/notification-settings';

/**
 * A user's notification settings on `notification-settings-<userId>`: one event per switch turned
 * off or on, from the settings screen or a one-click unsubscribe link in an e-mail.
 */
export const NotificationSettingsEventSchemas = {
  NotificationSettingChanged: z.object({
    userId: z.string(),
    kind: NotificationSettingKindSchema,
    channel: NotificationChannelSchema,
    enabled: z.boolean(),
    via: z.enum(['settings', 'unsubscribe']),
    at: z.string(),
  }),
} as const;

export const notificationSettingsStream = (userId: string) => `notification-settings-${userId}`;
