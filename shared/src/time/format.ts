/**
 * How the product writes a date or a time for people, in one place for the web app, the console and
 * the mails: 'Sat, 12 Dec 2026, 10:00 am UTC', '3:30 pm IST'. Every time carries the name of its
 * zone, so a time read on a page, in a mail or in the console is never taken for another zone's.
 * The web apps pass the viewer's zone (`viewerTimeZone()`), the mails the organiser's.
 */

/** A listing stored before listings carried their organiser's zone was entered on India's clock. */
export const FALLBACK_TIME_ZONE = 'Asia/Kolkata';

/** A value Intl accepts as a time zone: an IANA name such as 'Europe/Berlin', or 'UTC'. */
export function isTimeZone(value: string): boolean {
  if (!value || value.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** The zone of the browser (or process) this runs in; UTC when Intl cannot say. */
export function viewerTimeZone(): string {
  const zone = new Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone && isTimeZone(zone) ? zone : 'UTC';
}

type When = Date | string | number;

const formats = new Map<string, Intl.DateTimeFormat>();
/**
 * Building an Intl formatter costs far more than formatting with one (a home page of cards spent
 * ~25 ms of a phone's first second building them): each is made once per locale and options and kept.
 */
export function dateTimeFormat(locale: string | undefined, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale ?? ''}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) formats.set(key, (format = new Intl.DateTimeFormat(locale, options)));
  return format;
}

function instant(when: When): Date | null {
  const date = when instanceof Date ? when : new Date(when);
  return Number.isNaN(date.getTime()) ? null : date;
}

/*
 * en-GB writes the day before the month ('12 Dec 2026') and a lower-case am/pm, as the product always
 * has; h12 because en-GB's own 12-hour clock writes midnight as '0:05 am'.
 */
const DATE = { day: 'numeric', month: 'short', year: 'numeric' } as const;
const WEEKDAY_DATE = { weekday: 'short', ...DATE } as const;
const TIME = { hour: 'numeric', minute: '2-digit', hourCycle: 'h12' } as const;

/*
 * No one English locale knows every zone's abbreviation: en-IN writes IST where en-US writes GMT+5:30,
 * en-US writes EST where en-IN writes GMT-5, en-GB has BST and CET, en-AU AEST and NZST. The first
 * real abbreviation wins; a zone none of them names keeps the offset ('GMT+8').
 */
const NAMING_LOCALES = ['en-IN', 'en-US', 'en-GB', 'en-AU'] as const;
const OFFSET_ONLY = /^GMT[+\-\u2212]\d/;

/** The short name of the zone at that moment: 'UTC', 'IST', 'EDT' in July and 'EST' in December, or 'GMT+8'. */
export function timeZoneName(when: When, timeZone: string): string {
  const date = instant(when);
  if (!date) return '';
  let offset = '';
  for (const locale of NAMING_LOCALES) {
    const name = dateTimeFormat(locale, { timeZone, timeZoneName: 'short' }).formatToParts(date).find((p) => p.type === 'timeZoneName')?.value ?? '';
    if (name && !OFFSET_ONLY.test(name)) return name;
    offset ||= name;
  }
  return offset;
}

export interface TimeZoneOption {
  /** An IANA zone: the viewer's in a browser, the organiser's in a mail. */
  timeZone: string;
}

/** '10:00 am UTC', '3:30 pm IST'; '' for a value that is not a date. */
export function formatTime(when: When, { timeZone }: TimeZoneOption): string {
  const date = instant(when);
  return date ? `${dateTimeFormat('en-GB', { ...TIME, timeZone }).format(date)} ${timeZoneName(date, timeZone)}` : '';
}

/**
 * 'Sat, 12 Dec 2026, 10:00 am UTC'; with `weekday: false` (cards, tables) '12 Dec 2026, 10:00 am UTC'.
 * '' for a value that is not a date.
 */
export function formatDateTime(when: When, { timeZone, weekday = true }: TimeZoneOption & { weekday?: boolean }): string {
  const date = instant(when);
  return date ? `${dateTimeFormat('en-GB', { ...(weekday ? WEEKDAY_DATE : DATE), timeZone }).format(date)}, ${formatTime(date, { timeZone })}` : '';
}

/** The calendar day in that zone, '12 Dec 2026' ('' for a value that is not a date): a day needs no zone name. */
export function formatDate(when: When, { timeZone }: TimeZoneOption): string {
  const date = instant(when);
  return date ? dateTimeFormat('en-GB', { ...DATE, timeZone }).format(date) : '';
}

/** The three formatters bound to one zone: `inZone(viewerTimeZone())` in a browser, the organiser's zone in a mail. */
export function inZone(timeZone: string) {
  return {
    timeZone,
    date: (when: When) => formatDate(when, { timeZone }),
    time: (when: When) => formatTime(when, { timeZone }),
    dateTime: (when: When, { weekday = true }: { weekday?: boolean } = {}) => formatDateTime(when, { timeZone, weekday }),
  };
}
