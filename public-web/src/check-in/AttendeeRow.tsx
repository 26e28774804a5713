import { CloudUpload } from 'lucide-react';
import { useState } from 'react';
import { dateTimeFormat } from '@circuit/shared/time/format';
import { Button } from '../ui/Button';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import type { DoorAttendee } from './scanQueue';

const clock = (iso: string) => dateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit' }).format(new Date(iso));

/** One attendee at the door: who, their state, and the one action that fits (check in, or undo after a confirmation). */
export function AttendeeRow({ attendee: a, onCheckIn, onUndo }: { attendee: DoorAttendee; onCheckIn(): void; onUndo(): Promise<string | null> }) {
  const [confirm, setConfirm] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const undo = async () => {
    setBusy(true);
    setError(await onUndo());
    setBusy(false);
    setConfirm(false);
  };
  return (
    <li className="flex items-center justify-between gap-3 py-3">
      <div className="min-w-0 flex-1">
        <p className="font-semibold break-words text-slate-900">{a.name}</p>
        <p className="text-sm break-words text-slate-600">
          @{a.username}
          {a.teamName && ` · Team ${a.teamName}`}
        </p>
        {a.checkedInAt ? (
          <p className="text-sm text-emerald-800">
            Checked in at {clock(a.checkedInAt)}
            {a.checkedInBy && ` by ${a.checkedInBy}`}
            {a.waitingToSync && (
              <span className="ml-1 inline-flex items-center gap-1 text-amber-900">
                <CloudUpload className="size-3.5" aria-hidden="true" /> saved, will sync
              </span>
            )}
          </p>
        ) : (
          <p className="text-sm text-slate-600">Not checked in</p>
        )}
        {error && (
          <p role="alert" className="text-sm text-red-700">
            {error}
          </p>
        )}
      </div>
      {a.checkedInAt ? (
        <Button size="lg" variant="secondary" className="shrink-0" onClick={() => setConfirm(true)}>
          Undo<span className="sr-only"> check-in of {a.name}</span>
        </Button>
      ) : (
        <Button size="lg" className="shrink-0" onClick={onCheckIn}>
          Check in<span className="sr-only"> {a.name}</span>
        </Button>
      )}
      <ConfirmDialog
        open={confirm}
        title="Undo check-in"
        message={`${a.name} will be shown as not checked in, on every device at the door.`}
        confirmLabel="Undo check-in"
        tone="danger"
        loading={busy}
        onCancel={() => setConfirm(false)}
        onConfirm={() => void undo()}
      />
    </li>
  );
}
