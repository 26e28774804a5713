import { formatDate, formatTime } from '../hackathons/labels';

/** A date and time in the viewer's zone that breaks between the day and the time, never inside either (a narrow card cell). */
export function When({ iso }: { iso: string }) {
  if (!formatDate(iso)) return null;
  return (
    <time dateTime={iso}>
      <span className="whitespace-nowrap">{formatDate(iso)},</span> <span className="whitespace-nowrap">{formatTime(iso)}</span>
    </time>
  );
}
