import { dateFormat } from '../ui/intlFormats';

/**
 * Relative times of spec section 9: under 60 s 'Just now', under 1 hour 'Nm ago', under 1 day 'Nh ago',
 * under 30 days 'Nd ago', otherwise a date. A time slightly in the future (clock skew) is 'Just now'.
 */
export function relativeTime(iso: string, now: Date = new Date(), locale?: string): string {
  const then = new Date(iso);
  if (Number.isNaN(then.getTime())) return '';
  const seconds = Math.floor((now.getTime() - then.getTime()) / 1000);
  if (seconds < 60) return 'Just now';
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes}m ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours}h ago`;
  const days = Math.floor(hours / 24);
  if (days < 30) return `${days}d ago`;
  return dateFormat(locale, { year: 'numeric', month: 'short', day: 'numeric' }).format(then);
}
