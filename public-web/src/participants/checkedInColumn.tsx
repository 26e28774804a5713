import { formatDateTime } from '../hackathons/labels';
import type { ParticipantColumn } from './ParticipantsTable';

/** Attendance at the door (docs/day-of.md): when the participant was checked in, empty when not. */
export function checkedInColumn<T>(checkedInAt: (row: T) => string | null): ParticipantColumn<T> {
  return {
    header: 'Checked in',
    className: 'whitespace-nowrap text-slate-700',
    cell: (row) => {
      const at = checkedInAt(row);
      return at ? formatDateTime(at) : <span className="sr-only">Not checked in</span>;
    },
  };
}
