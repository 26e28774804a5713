import { dateTimeFormat } from '@circuit/shared/time/format';

/** Intl.DateTimeFormat's `format`, which writes '' for an invalid date where Intl would throw a RangeError. */
export interface DateFormat {
  format(date: Date | number): string;
}

const safeFormats = new WeakMap<Intl.DateTimeFormat, DateFormat>();

/**
 * A formatter made once per locale and options (shared/src/time/format.ts keeps them) in place of
 * `toLocaleDateString(locale, options)`, which builds a new one on every call.
 */
export function dateFormat(locale: string | undefined, options: Intl.DateTimeFormatOptions): DateFormat {
  const intl = dateTimeFormat(locale, options);
  let format = safeFormats.get(intl);
  // toLocaleDateString, which these replace, wrote 'Invalid Date' rather than throw: a bad value must not break a screen.
  if (!format) safeFormats.set(intl, (format = { format: (date) => (Number.isNaN(Number(date)) ? '' : intl.format(date)) }));
  return format;
}
