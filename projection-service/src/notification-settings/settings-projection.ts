import type { Knex } from 'knex';
import { migrate } from '@circuit/shared/db/migrations';
import { NotificationSettingsEventSchemas } from '@circuit/shared/events/notification-settings';
import { settingKey } from '@circuit/shared/notifications/notification-settings';
import type { RecordedEvent } from '@circuit/shared/ports/event-store';
import type { Projection } from '../runner/projection';

/** The switches users turned off, one row each (a switch with no row is on). */
export const SETTINGS_OFF_TABLE = 'notification_settings_off';

export async function migrateSettingsReadModels(knex: Knex): Promise<void> {
  await migrate(knex, 'read_models_notification_settings', [
    {
      name: '001_notification_settings_off',
      up: async (k) => {
        await k.schema.createTable(SETTINGS_OFF_TABLE, (t) => {
          t.text('user_id').notNullable();
          t.text('setting_key').notNullable();
          t.primary(['user_id', 'setting_key']);
        });
      },
    },
  ]);
}

/** notification_settings_off from `notification-settings-<userId>`: the last change of each switch in the batch wins. */
export const settingsProjection: Projection = {
  name: 'notification_settings',
  tables: [SETTINGS_OFF_TABLE],
  eventTypes: ['NotificationSettingChanged'],
  async applyBatch(trx: Knex.Transaction, events: RecordedEvent[]) {
    const last = new Map<string, { user_id: string; setting_key: string; enabled: boolean }>();
    for (const event of events) {
      if (event.type !== 'NotificationSettingChanged') continue;
      const d = NotificationSettingsEventSchemas.NotificationSettingChanged.parse(event.data);
      const row = { user_id: d.userId, setting_key: settingKey(d.kind, d.channel), enabled: d.enabled };
      last.set(`${row.user_id}|${row.setting_key}`, row);
    }
    if (last.size === 0) return;
    const rows = [...last.values()];
    await trx(SETTINGS_OFF_TABLE).whereIn(['user_id', 'setting_key'], rows.map((r) => [r.user_id, r.setting_key])).delete();
    const off = rows.filter((r) => !r.enabled).map(({ user_id, setting_key }) => ({ user_id, setting_key }));
    if (off.length > 0) await trx(SETTINGS_OFF_TABLE).insert(off);
  },
};
