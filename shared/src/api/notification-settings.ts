import { z } from 'zod';
import { NOTIFICATION_SETTING_KINDS, NotificationSettingKindSchema, NotificationSettingSchema, SETTING_KINDS, settingKey, type NotificationSetting } from '../notifications/notification-settings';

/** Every switch of the user, on or off (GET and PUT /api/users/notification-settings). */
export const NotificationSettingsAnswerSchema = z.strictObject({ settings: z.array(NotificationSettingSchema) }).meta({ id: 'NotificationSettings' });
export type NotificationSettingsAnswer = z.infer<typeof NotificationSettingsAnswerSchema>;

/** The switches to change; the others stay as they are. */
export const NotificationSettingsChangeSchema = z.strictObject({ settings: z.array(NotificationSettingSchema).min(1, 'Say which setting to change').max(40) }).meta({ id: 'NotificationSettingsChange' });

/** POST /api/unsubscribe/{token}: which mail stopped. */
export const UnsubscribeAnswerSchema = z.strictObject({ kind: NotificationSettingKindSchema, email: z.string() }).meta({ id: 'UnsubscribeAnswer' });
export type UnsubscribeAnswer = z.infer<typeof UnsubscribeAnswerSchema>;

/** Every switch, in the screen's order, enabled unless its key is among those turned off. */
export function settingsFrom(off: ReadonlySet<string>): NotificationSetting[] {
  return NOTIFICATION_SETTING_KINDS.flatMap((kind) => SETTING_KINDS[kind].channels.map((channel) => ({ kind, channel, enabled: !off.has(settingKey(kind, channel)) })));
}
