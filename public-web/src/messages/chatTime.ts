import { formatDateTime, viewerTimeZone } from '@circuit/shared/time/format';
import { dateFormat } from '../ui/intlFormats';

/*
 * Chat times are the viewer's, like every other time in the app (issue 31 overrides the spec's Asia/Kolkata:
 * a time read in one zone and meant in another is the mistake it reports). A bubble gives the time of day;
 * its tooltip gives the date and time with the zone named. Each function takes the zone for its tests.
 */
const VIEWER = viewerTimeZone();
const LOCALE = 'en-IN';

const dayKeyFormat = (timeZone: string) => dateFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
const timeFormat = (timeZone: string) => dateFormat(LOCALE, { timeZone, hour: 'numeric', minute: '2-digit', hour12: true });
const shortDateFormat = (timeZone: string) => dateFormat(LOCALE, { timeZone, day: 'numeric', month: 'short' });
const shortDateYearFormat = (timeZone: string) => dateFormat(LOCALE, { timeZone, day: 'numeric', month: 'short', year: 'numeric' });
const weekdayFormat = (timeZone: string) => dateFormat(LOCALE, { timeZone, weekday: 'short' });
// A day key is a calendar date already: written as the UTC day it names, whatever the viewer's zone.
const separatorFormat = dateFormat(LOCALE, { timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });

const valid = (date: Date) => !Number.isNaN(date.getTime());

/** The viewer's calendar day, 'YYYY-MM-DD' (messages are grouped by it). */
export function chatDayKey(iso: string | Date, timeZone = VIEWER): string {
  const date = new Date(iso);
  return valid(date) ? dayKeyFormat(timeZone).format(date) : '';
}

/** Days between two calendar days given as keys. */
function daysBetween(fromKey: string, toKey: string): number {
  const utc = (key: string) => {
    const [y, m, d] = key.split('-').map(Number);
    return Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1);
  };
  return Math.round((utc(toKey) - utc(fromKey)) / 86_400_000);
}

/** '3:05 pm', the viewer's time of day. */
export function formatChatTime(iso: string, timeZone = VIEWER): string {
  const date = new Date(iso);
  return valid(date) ? timeFormat(timeZone).format(date) : '';
}

/** 'Sat, 12 Dec 2026, 3:05 pm IST', for a tooltip or datetime description. */
export function formatChatExact(iso: string, timeZone = VIEWER): string {
  return formatDateTime(iso, { timeZone });
}

/** A day separator: 'Today', 'Yesterday', or 'Monday, 3 March 2025' (the viewer's days). */
export function formatDaySeparator(dayKey: string, now: Date = new Date(), timeZone = VIEWER): string {
  const diff = daysBetween(dayKey, chatDayKey(now, timeZone));
  if (diff === 0) return 'Today';
  if (diff === 1) return 'Yesterday';
  const [y, m, d] = dayKey.split('-').map(Number);
  return separatorFormat.format(Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1, 12));
}

/** The time of a conversation's last message in the list: a time today, 'Yesterday', a weekday this week, else a date. */
export function formatThreadTime(iso: string, now: Date = new Date(), timeZone = VIEWER): string {
  const date = new Date(iso);
  if (!valid(date)) return '';
  const day = chatDayKey(date, timeZone);
  const today = chatDayKey(now, timeZone);
  const diff = daysBetween(day, today);
  if (diff <= 0) return timeFormat(timeZone).format(date);
  if (diff === 1) return 'Yesterday';
  if (diff < 7) return weekdayFormat(timeZone).format(date);
  return day.slice(0, 4) === today.slice(0, 4) ? shortDateFormat(timeZone).format(date) : shortDateYearFormat(timeZone).format(date);
}
