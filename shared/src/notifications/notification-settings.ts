import { z } from 'zod';

/**
 * What a user can turn off, and on which channel. Reminders come both as a notification and as an
 * e-mail; the other kinds here are e-mails only (their notifications are the record of what
 * happened to the user's own listing or place). Everything is on until the user turns it off.
 */
export const NOTIFICATION_SETTING_KINDS = ['reminder_starts_24h', 'reminder_starts_1h', 'reminder_submission', 'reminder_registration_closing', 'listing_review', 'waitlist_offer', 'announcement'] as const;
export const NotificationSettingKindSchema = z.enum(NOTIFICATION_SETTING_KINDS);
export type NotificationSettingKind = z.infer<typeof NotificationSettingKindSchema>;

export const NotificationChannelSchema = z.enum(['email', 'notification']);
export type NotificationChannel = z.infer<typeof NotificationChannelSchema>;

export interface SettingKindInfo {
  label: string;
  description: string;
  group: 'reminders' | 'emails';
  channels: readonly NotificationChannel[];
}

export const SETTING_KINDS: Readonly<Record<NotificationSettingKind, SettingKindInfo>> = {
  reminder_starts_24h: { group: 'reminders', channels: ['email', 'notification'], label: 'A day before it starts', description: 'An event, hackathon or quiz you registered for starts in 24 hours.' },
  reminder_starts_1h: { group: 'reminders', channels: ['email', 'notification'], label: 'An hour before it starts', description: 'An event, hackathon or quiz you registered for starts in 1 hour.' },
  reminder_submission: { group: 'reminders', channels: ['email', 'notification'], label: 'Project submission due', description: 'Your hackathon team has not submitted a project and the deadline is 24 hours away.' },
  reminder_registration_closing: { group: 'reminders', channels: ['email', 'notification'], label: 'Registration closing', description: 'Registration for a listing you saved but did not register for closes in 48 hours.' },
  listing_review: { group: 'emails', channels: ['email'], label: 'Listing reviews', description: 'A moderator approved or rejected a hackathon, event or quiz you organise.' },
  waitlist_offer: { group: 'emails', channels: ['email'], label: 'Waitlist offers', description: 'A place freed up at an event you are waitlisted for (you are still notified on Circuit).' },
  announcement: { group: 'emails', channels: ['email'], label: 'Important announcements', description: 'An organiser posted an important announcement in a hackathon you joined.' },
};

/** Mail that always goes, whatever the settings, and why (shown on the settings screen). */
export const ALWAYS_SENT_MAIL: readonly { label: string; why: string }[] = [
  { label: 'Sign-up and sign-in codes', why: 'You asked for them a moment ago; without them you cannot get in.' },
  { label: 'Password reset links', why: 'You asked for one; it is how you get back into your account.' },
  { label: 'Payment receipts and refunds', why: 'They are the record of money you paid or got back.' },
];

export const NotificationSettingSchema = z.object({ kind: NotificationSettingKindSchema, channel: NotificationChannelSchema, enabled: z.boolean() });
export type NotificationSetting = z.infer<typeof NotificationSettingSchema>;

/** Whether a kind may be turned off on a channel (a kind that never mails has no e-mail switch). */
export const hasChannel = (kind: NotificationSettingKind, channel: NotificationChannel) => SETTING_KINDS[kind].channels.includes(channel);

/** The key of one switch, as the user's settings hold the ones turned off. */
export const settingKey = (kind: NotificationSettingKind, channel: NotificationChannel) => `${kind}.${channel}`;
