import { handleCommand, loadState, type CommandContext } from '@circuit/shared/commands/decider';
import { notificationSettingsStream } from '@circuit/shared/events/notification-settings';
import { settingsFrom, type NotificationSettingsAnswer, type UnsubscribeAnswer } from '@circuit/shared/api/notification-settings';
import type { NotificationChannel, NotificationSetting, NotificationSettingKind } from '@circuit/shared/notifications/notification-settings';
import type { EventStore } from '@circuit/shared/ports/event-store';
import type { CommandServiceDeps } from '../context';
import { caughtUp } from '../http/read-your-writes';
import { reservationDecider } from '../reservations/reservation-decider';
import { reservationStreams } from '../reservations/reservation-streams';
import { isOn, settingsDecider } from './settings-decider';
import { readUnsubscribeToken } from './unsubscribe-token';

/** Whether the user lets this kind reach them on this channel, from their own settings stream. */
export async function allows(store: EventStore, userId: string, kind: NotificationSettingKind, channel: NotificationChannel): Promise<boolean> {
  const { state } = await loadState(store, notificationSettingsStream(userId), settingsDecider);
  return isOn(state, kind, channel);
}

/** Turning switches off and on: from the settings screen (signed in) or an unsubscribe link (the token alone). */
export function createSettingsService(deps: Pick<CommandServiceDeps, 'store' | 'progress' | 'config' | 'now'>) {
  const now = deps.now ?? (() => new Date());
  const streamOf = reservationStreams(deps.config);

  async function change(userId: string, settings: readonly NotificationSetting[], via: 'settings' | 'unsubscribe', ctx: CommandContext): Promise<NotificationSettingsAnswer> {
    const result = await handleCommand(deps.store, notificationSettingsStream(userId), settingsDecider, { type: 'Change', userId, settings, via, now: now() }, ctx, now);
    await caughtUp(deps.progress, result.position, result.events);
    return { settings: settingsFrom(result.state.off) };
  }

  return {
    change,
    /**
     * Turns off the kind of mail the token names for the account that holds its address now. An
     * address no account holds has nothing to stop: the answer is the same, so a token says nothing
     * about whether the address has an account.
     */
    async unsubscribe(token: string, ctx: CommandContext): Promise<UnsubscribeAnswer> {
      const { email, kind } = readUnsubscribeToken(token, deps.config.sessionSecret);
      const { state } = await loadState(deps.store, await streamOf('email', email), reservationDecider);
      if (state.owner) await change(state.owner, [{ kind, channel: 'email', enabled: false }], 'unsubscribe', { ...ctx, userId: state.owner });
      return { kind, email };
    },
  };
}
export type SettingsService = ReturnType<typeof createSettingsService>;
