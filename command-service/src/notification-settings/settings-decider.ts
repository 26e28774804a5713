import { refused } from '@circuit/shared/commands/domain-errors';
import type { Decider } from '@circuit/shared/commands/decider';
import type { DomainEvent } from '@circuit/shared/events/catalogue';
import { hasChannel, SETTING_KINDS, settingKey, type NotificationChannel, type NotificationSetting, type NotificationSettingKind } from '@circuit/shared/notifications/notification-settings';

/** One user's switches (`notification-settings-<userId>`): the keys of those turned off. */
export interface SettingsState {
  off: ReadonlySet<string>;
}

export type SettingsEvent = DomainEvent<'NotificationSettingChanged'>;
export type SettingsCommand = { type: 'Change'; userId: string; settings: readonly NotificationSetting[]; via: 'settings' | 'unsubscribe'; now: Date };

export const settingsDecider: Decider<SettingsState, SettingsCommand, SettingsEvent> = {
  initialState: () => ({ off: new Set() }),
  evolve(state, event) {
    const off = new Set(state.off);
    const key = settingKey(event.data.kind, event.data.channel);
    if (event.data.enabled) off.delete(key);
    else off.add(key);
    return { off };
  },
  /** Only the switches that change are recorded, so a repeated request appends nothing. */
  decide(command, state) {
    for (const { kind, channel } of command.settings) {
      if (!hasChannel(kind, channel)) throw refused(`“${SETTING_KINDS[kind].label}” is sent only by ${SETTING_KINDS[kind].channels.join(' and ')}, so it has no ${channel} switch`);
    }
    const last = new Map(command.settings.map((s) => [settingKey(s.kind, s.channel), s]));
    return [...last.values()]
      .filter((s) => state.off.has(settingKey(s.kind, s.channel)) === s.enabled)
      .map((s) => ({ type: 'NotificationSettingChanged' as const, data: { userId: command.userId, kind: s.kind, channel: s.channel, enabled: s.enabled, via: command.via, at: command.now.toISOString() } }));
  },
};

export const isOn = (state: SettingsState, kind: NotificationSettingKind, channel: NotificationChannel) => !state.off.has(settingKey(kind, channel));
