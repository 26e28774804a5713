import { NOTIFICATION_SETTING_KINDS, SETTING_KINDS, type NotificationChannel, type NotificationSetting, type NotificationSettingKind } from '@circuit/shared/notifications/notification-settings';
import { Card } from '../ui/Card';
import { Switch } from './Switch';

const CHANNEL_LABEL: Readonly<Record<NotificationChannel, string>> = { email: 'E-mail', notification: 'On Circuit' };

/**
 * One card of switches: a row per kind of the group, with a switch per channel the kind has. The
 * column heads are shown on wide screens; on a phone each switch is labelled beside it.
 */
export function SettingsRows({
  group,
  title,
  intro,
  channels,
  enabled,
  onToggle,
}: {
  group: 'reminders' | 'emails';
  title: string;
  intro: string;
  channels: readonly NotificationChannel[];
  enabled(kind: NotificationSettingKind, channel: NotificationChannel): boolean;
  onToggle(setting: NotificationSetting): void;
}) {
  const kinds = NOTIFICATION_SETTING_KINDS.filter((kind) => SETTING_KINDS[kind].group === group);
  const headingId = `settings-${group}`;
  return (
    <Card className="p-5 sm:p-6">
      <section aria-labelledby={headingId}>
        <div className="flex items-end justify-between gap-4">
          <div>
            <h2 id={headingId} className="text-lg font-semibold text-slate-900">
              {title}
            </h2>
            <p className="mt-1 text-sm text-slate-600">{intro}</p>
          </div>
          <div aria-hidden="true" className="hidden shrink-0 gap-6 text-xs font-semibold uppercase tracking-wide text-slate-500 sm:flex">
            {channels.map((channel) => (
              <span key={channel} className="w-20 whitespace-nowrap text-center">
                {CHANNEL_LABEL[channel]}
              </span>
            ))}
          </div>
        </div>
        <ul className="mt-4 divide-y divide-slate-100">
          {kinds.map((kind) => (
            <li key={kind} className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center sm:justify-between">
              <div className="min-w-0">
                <p className="font-medium text-slate-900">{SETTING_KINDS[kind].label}</p>
                <p className="text-sm text-slate-600">{SETTING_KINDS[kind].description}</p>
              </div>
              <div className="flex shrink-0 gap-6">
                {channels.map((channel) => (
                  <div key={channel} className="flex w-auto items-center gap-2 sm:w-20 sm:justify-center">
                    {SETTING_KINDS[kind].channels.includes(channel) && (
                      <>
                        <Switch
                          checked={enabled(kind, channel)}
                          label={`${CHANNEL_LABEL[channel]}: ${SETTING_KINDS[kind].label}`}
                          onChange={(next) => onToggle({ kind, channel, enabled: next })}
                        />
                        <span aria-hidden="true" className="text-sm text-slate-600 sm:hidden">
                          {CHANNEL_LABEL[channel]}
                        </span>
                      </>
                    )}
                  </div>
                ))}
              </div>
            </li>
          ))}
        </ul>
      </section>
    </Card>
  );
}
