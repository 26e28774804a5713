import { formatDate, formatDateTime, formatTime } from '@circuit/shared/time/format';

interface Span {
  startDate: string;
  endDate: string;
}

/** The parts that are written, once each: a span within one day (or with one end unset) names it once. */
const joined = (parts: string[]) => [...new Set(parts.filter(Boolean))].join(' – ');

/** A hackathon's or an event's days in the organiser's zone: '12 Dec 2026 – 14 Dec 2026', or '12 Dec 2026'. */
export function dayRange({ startDate, endDate }: Span, timeZone: string): string {
  return joined([formatDate(startDate, { timeZone }), formatDate(endDate, { timeZone })]);
}

/**
 * A quiz's opening and closing times: '12 Dec 2026, 10:00 am IST – 14 Dec 2026, 6:00 pm IST', or
 * '12 Dec 2026, 10:00 am IST – 11:00 am IST' within a day (the date is not said twice).
 */
export function timeRange({ startDate, endDate }: Span, timeZone: string): string {
  const start = formatDateTime(startDate, { timeZone, weekday: false });
  const sameDay = start !== '' && formatDate(startDate, { timeZone }) === formatDate(endDate, { timeZone });
  return joined([start, sameDay ? formatTime(endDate, { timeZone }) : formatDateTime(endDate, { timeZone, weekday: false })]);
}
