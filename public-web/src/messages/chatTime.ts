/** Chat times are shown in the Asia/Kolkata time zone (spec section 9), whatever the browser's zone. */
export const CHAT_TIME_ZONE = 'Asia/Kolkata';

const LOCALE = 'en-IN';
const dayKeyFormat = new Intl.DateTimeFormat('en-CA', { timeZone: CHAT_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });
const timeFormat = new Intl.DateTimeFormat(LOCALE, { timeZone: CHAT_TIME_ZONE, hour: 'numeric', minute: '2-digit', hour12: true });
const fullDateFormat = new Intl.DateTimeFormat(LOCALE, { timeZone: CHAT_TIME_ZONE, weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
const shortDateFormat = new Intl.DateTimeFormat(LOCALE, { timeZone: CHAT_TIME_ZONE, day: 'numeric', month: 'short' });
const shortDateYearFormat = new Intl.DateTimeFormat(LOCALE, { timeZone: CHAT_TIME_ZONE, day: 'numeric', month: 'short', year: 'numeric' });
const weekdayFormat = new Intl.DateTimeFormat(LOCALE, { timeZone: CHAT_TIME_ZONE, weekday: 'short' });
const exactFormat = new Intl.DateTimeFormat(LOCALE, { timeZone: CHAT_TIME_ZONE, dateStyle: 'medium', timeStyle: 'short' });

const valid = (date: Date) => !Number.isNaN(date.getTime());

/** The calendar day in Kolkata, 'YYYY-MM-DD' (messages are grouped by it). */
export function chatDayKey(iso: string | Date): string {
  const date = new Date(iso);
  return valid(date) ? dayKeyFormat.format(date) : '';
}

/** Days between two Kolkata calendar days given as keys. */
function daysBetween(fromKey: string, toKey: string): number {
  const utc = (key: string) => {
    const [y, m, d] = key.split('-').map(Number);
    return Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1);
  };
  return Math.round((utc(toKey) - utc(fromKey)) / 86_400_000);
}

/** '3:05 pm' in Kolkata. */
export function formatChatTime(iso: string): string {
  const date = new Date(iso);
  return valid(date) ? timeFormat.format(date) : '';
}

/** The full date and time in Kolkata, for a tooltip or datetime description. */
export function formatChatExact(iso: string): string {
  const date = new Date(iso);
  return valid(date) ? `${exactFormat.format(date)} IST` : '';
}

/** A day separator: 'Today', 'Yesterday', or 'Monday, 3 March 2025' (Kolkata days). */
export function formatDaySeparator(dayKey: string, now: Date = new Date()): string {
  const diff = daysBetween(dayKey, chatDayKey(now));
  if (diff === 0) return 'Today';
  if (diff === 1) return 'Yesterday';
  const [y, m, d] = dayKey.split('-').map(Number);
  // Noon UTC of that day is the same calendar day in Kolkata (UTC+5:30).
  return fullDateFormat.format(new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1, 12)));
}

/** The time of a conversation's last message in the list: a time today, 'Yesterday', a weekday this week, else a date. */
export function formatThreadTime(iso: string, now: Date = new Date()): string {
  const date = new Date(iso);
  if (!valid(date)) return '';
  const diff = daysBetween(chatDayKey(date), chatDayKey(now));
  if (diff <= 0) return timeFormat.format(date);
  if (diff === 1) return 'Yesterday';
  if (diff < 7) return weekdayFormat.format(date);
  return chatDayKey(date).slice(0, 4) === chatDayKey(now).slice(0, 4) ? shortDateFormat.format(date) : shortDateYearFormat.format(date);
}
