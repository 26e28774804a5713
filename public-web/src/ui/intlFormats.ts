/** Intl.DateTimeFormat's `format`, which writes '' for an invalid date where Intl would throw a RangeError. */
export interface DateFormat {
  format(date: Date | number): string;
}

const dateFormats = new Map<string, DateFormat>();

/**
 * `toLocaleDateString(locale, options)` builds a new Intl formatter on every call, which costs far more than
 * formatting: a home page of cards spent ~25 ms of a phone's first second in it. Formatters are made once per
 * locale and options and reused.
 */
export function dateFormat(locale: string | undefined, options: Intl.DateTimeFormatOptions): DateFormat {
  const key = `${locale ?? ''}|${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) {
    const intl = new Intl.DateTimeFormat(locale, options);
    // toLocaleDateString, which these replace, wrote 'Invalid Date' rather than throw: a bad value must not break a screen.
    format = { format: (date) => (Number.isNaN(Number(date)) ? '' : intl.format(date)) };
    dateFormats.set(key, format);
  }
  return format;
}
