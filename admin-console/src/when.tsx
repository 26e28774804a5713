import { inZone, viewerTimeZone } from '@circuit/shared/time/format';
import { useFieldValue } from 'react-admin';

/** Dates and times in the console are the viewer's, each time with its zone named (shared/src/time/format.ts), as on the site. */
export const viewer = inZone(viewerTimeZone());

/** A record's instant as '12 Dec 2026, 10:00 am UTC' (`showTime`) or its day '12 Dec 2026'; emptyText when unset. */
export function WhenField({ source, showTime = false, emptyText = '' }: { source: string; label?: string; showTime?: boolean; emptyText?: string }) {
  const value = useFieldValue({ source }) as string | null | undefined;
  const text = value ? (showTime ? viewer.dateTime(value, { weekday: false }) : viewer.date(value)) : '';
  return (
    <time dateTime={value ?? undefined} style={{ whiteSpace: 'nowrap' }}>
      {text || emptyText}
    </time>
  );
}
