import { useDateLabels } from './useDateLabels';

/** A date and time in the viewer's zone that breaks between the day and the time, never inside either (a narrow card cell). */
export function When({ iso }: { iso: string }) {
  const dates = useDateLabels();
  if (!dates.date(iso)) return null;
  return (
    <time dateTime={iso}>
      <span className="whitespace-nowrap">{dates.date(iso)},</span> <span className="whitespace-nowrap">{dates.time(iso)}</span>
    </time>
  );
}
