import { Search } from 'lucide-react';
import { useId, useState } from 'react';
import { inputClasses } from '../ui/TextField';
import { AttendeeRow } from './AttendeeRow';
import { searchAttendees, type DoorAttendee } from './scanQueue';

interface Props {
  attendees: DoorAttendee[];
  onCheckIn(userId: string): void;
  onUndo(userId: string): Promise<string | null>;
}

/** Someone without their ticket: found by name, username or e-mail in the board (it works offline), checked in by hand. */
export function AttendeeSearch({ attendees, onCheckIn, onUndo }: Props) {
  const [query, setQuery] = useState('');
  const id = useId();
  const found = searchAttendees(attendees, query);
  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-2">
      <h2 id={`${id}-heading`} className="text-lg font-semibold text-slate-900">
        Find an attendee
      </h2>
      <label htmlFor={id} className="sr-only">
        Name, username or e-mail
      </label>
      <div className="relative">
        <Search className="pointer-events-none absolute left-3 top-1/2 size-5 -translate-y-1/2 text-slate-500" aria-hidden="true" />
        <input id={id} type="search" value={query} onChange={(e) => setQuery(e.target.value)} placeholder="Name, username or e-mail" autoComplete="off" className={`${inputClasses(false)} h-12 pl-10 text-base`} />
      </div>
      {query.trim() && (
        <p className="text-sm text-slate-600" role="status">
          {found.length === 0 ? 'No one on the list matches.' : `${found.length} ${found.length === 1 ? 'match' : 'matches'}`}
        </p>
      )}
      <ul className="divide-y divide-slate-100">
        {found.map((a) => (
          <AttendeeRow key={a.userId} attendee={a} onCheckIn={() => onCheckIn(a.userId)} onUndo={() => onUndo(a.userId)} />
        ))}
      </ul>
    </section>
  );
}

/** The latest check-ins, newest first, each with its undo: the usual fix for a wrong tap is right after it. */
export function RecentCheckIns({ attendees, onUndo, limit = 10 }: Omit<Props, 'onCheckIn'> & { limit?: number }) {
  const recent = attendees
    .filter((a) => a.checkedInAt)
    .sort((a, b) => (b.checkedInAt ?? '').localeCompare(a.checkedInAt ?? ''))
    .slice(0, limit);
  return (
    <section aria-labelledby="recent-heading" className="space-y-2">
      <h2 id="recent-heading" className="text-lg font-semibold text-slate-900">
        Recent check-ins
      </h2>
      {recent.length === 0 ? (
        <p className="text-sm text-slate-600">No one is checked in yet.</p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {recent.map((a) => (
            <AttendeeRow key={a.userId} attendee={a} onCheckIn={() => undefined} onUndo={() => onUndo(a.userId)} />
          ))}
        </ul>
      )}
    </section>
  );
}
