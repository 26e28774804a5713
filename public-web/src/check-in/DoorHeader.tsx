import clsx from 'clsx';
import { CloudOff, RefreshCw, Wifi } from 'lucide-react';
import type { CheckInCounts } from '@circuit/shared/api/check-in';
import { Button } from '../ui/Button';
import type { Connection } from './useDoor';

const CONNECTION = {
  online: { label: 'Online', icon: Wifi, className: 'bg-emerald-50 text-emerald-800 ring-emerald-200' },
  syncing: { label: 'Syncing…', icon: RefreshCw, className: 'bg-indigo-50 text-indigo-800 ring-indigo-200' },
  offline: { label: 'Offline', icon: CloudOff, className: 'bg-amber-50 text-amber-900 ring-amber-200' },
} as const;

/** Always in view at the door: how many are in, the connection, and what waits to be synced. */
export function DoorHeader({ title, counts, connection, queued, onRetry }: { title: string; counts: CheckInCounts; connection: Connection; queued: number; onRetry(): void }) {
  const c = CONNECTION[connection];
  const percent = counts.registered === 0 ? 0 : Math.round((counts.checkedIn / counts.registered) * 100);
  return (
    <header className="sticky top-16 z-20 border-b border-slate-200 bg-white/95 px-4 py-3 backdrop-blur">
      <div className="mx-auto flex max-w-3xl lg:max-w-6xl flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <div className="min-w-0">
          <h1 className="truncate text-base font-semibold text-slate-900">Check-in · {title}</h1>
          <p className="text-sm text-slate-700" aria-live="polite" aria-atomic="true">
            <span className="text-2xl font-bold tabular-nums text-slate-900" data-testid="checked-in-count">
              {counts.checkedIn}
            </span>{' '}
            checked in of <span className="font-semibold tabular-nums">{counts.registered}</span> registered
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <span className={clsx('inline-flex items-center gap-1.5 rounded-full px-3 py-1 text-sm font-medium ring-1 ring-inset', c.className)}>
            <c.icon className="size-4" aria-hidden="true" />
            {c.label}
          </span>
          {queued > 0 && (
            <span className="inline-flex items-center gap-2 text-sm font-medium text-amber-900" role="status">
              {queued} {queued === 1 ? 'scan' : 'scans'} waiting to sync
              {connection !== 'syncing' && (
                <Button size="sm" variant="secondary" onClick={onRetry}>
                  Sync now
                </Button>
              )}
            </span>
          )}
        </div>
      </div>
      <div className="mx-auto mt-2 h-1.5 max-w-3xl lg:max-w-6xl overflow-hidden rounded-full bg-slate-100" aria-hidden="true">
        <div className="h-full rounded-full bg-emerald-600 transition-[width]" style={{ width: `${percent}%` }} />
      </div>
    </header>
  );
}
