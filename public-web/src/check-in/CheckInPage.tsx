import { Ban, CloudOff, LockKeyhole } from 'lucide-react';
import { useCallback } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useAuth } from '../auth/AuthContext';
import { LoginButtonLink } from '../auth/LoginLinks';
import { Button, ButtonLink } from '../ui/Button';
import { StateScreen } from '../ui/EmptyState';
import { PageSpinner } from '../ui/Spinner';
import { useDocumentTitle } from '../ui/useDocumentTitle';
import { useMediaQuery } from '../ui/useMediaQuery';
import { AttendeeSearch, RecentCheckIns } from './AttendeeSearch';
import { CameraPanel } from './CameraPanel';
import { isCheckInKind } from './checkInApi';
import { DoorHeader } from './DoorHeader';
import { ScanResultBanner } from './ScanResultBanner';
import { TicketCodeForm } from './TicketCodeForm';
import { useDoor } from './useDoor';

/** /check-in/{kind}/{id}: the door, on a phone first (docs/day-of.md). */
export function CheckInPage() {
  const { kind = '', id = '' } = useParams();
  const { state } = useAuth();
  if (!isCheckInKind(kind)) return <NotFound />;
  if (state.status === 'loading') return <PageSpinner />;
  if (state.status === 'unauthenticated') {
    return (
      <StateScreen icon={<LockKeyhole className="size-7" aria-hidden="true" />} title="Sign in to check people in" actions={<LoginButtonLink>Go to Login</LoginButtonLink>}>
        The check-in screen is for the organiser and their co-hosts.
      </StateScreen>
    );
  }
  return <Door kind={kind} id={id} />;
}

function NotFound({ text }: { text?: string | null }) {
  return (
    <StateScreen title="No check-in here" actions={<ButtonLink to="/dashboard">Go to your dashboard</ButtonLink>}>
      {text ?? 'There is no listing to check people in for at this address.'}
    </StateScreen>
  );
}

function Door({ kind, id }: { kind: Parameters<typeof useDoor>[0]; id: string }) {
  const door = useDoor(kind, id);
  useDocumentTitle(door.board ? `Check-in · ${door.board.listing.title}` : 'Check-in');
  const { scanToken } = door;
  // One result region only: on a phone under the camera, on a wide screen beside it.
  const wide = useMediaQuery('(min-width: 1024px)');
  const onCode = useCallback((code: string) => void scanToken(code), [scanToken]);

  if (door.phase === 'forbidden') {
    return (
      <StateScreen icon={<Ban className="size-7" aria-hidden="true" />} title="You can't check people in for this listing" actions={<ButtonLink to="/user-dashboard">Go to your dashboard</ButtonLink>}>
        Only the organiser and the co-hosts they added can open its check-in. Ask the organiser to add you as a co-host.
      </StateScreen>
    );
  }
  if (door.phase === 'not-found') return <NotFound text={door.notFoundText} />;
  if (door.phase === 'error') {
    return (
      <StateScreen icon={<CloudOff className="size-7" aria-hidden="true" />} title="The attendee list could not be loaded" actions={<Button onClick={() => void door.reload()}>Try again</Button>}>
        The check-in screen needs the network once to load the list; after that it keeps working offline.
      </StateScreen>
    );
  }
  if (!door.board || !door.counts) return <PageSpinner label="Loading the attendee list..." />;

  const { board } = door;
  return (
    <div className="flex flex-1 flex-col bg-slate-50">
      <DoorHeader title={board.listing.title} counts={door.counts} connection={door.connection} queued={door.queued} onRetry={door.retrySync} />
      <div className="mx-auto grid w-full max-w-3xl gap-6 px-4 py-4 sm:py-6 lg:max-w-6xl lg:grid-cols-2 lg:gap-8">
        <div className="space-y-4">
          <CameraPanel onCode={onCode} />
          {!wide && <ScanResultBanner result={door.result} />}
          <TicketCodeForm onCode={onCode} />
          {door.savedAt && door.connection === 'offline' && (
            <p className="text-sm text-slate-600">Working from the list saved on this device; scans are checked here and synced when the network is back.</p>
          )}
          {door.syncNote && (
            <p role="status" className="rounded-lg bg-indigo-50 px-3 py-2 text-sm text-indigo-900">
              {door.syncNote}
            </p>
          )}
        </div>
        <div className="space-y-6">
          {wide && <ScanResultBanner result={door.result} />}
          <AttendeeSearch attendees={door.attendees} onCheckIn={(userId) => void door.checkInPerson(userId)} onUndo={door.undo} />
          <RecentCheckIns attendees={door.attendees} onUndo={door.undo} />
          <p className="text-sm text-slate-600">
            <Link to={board.listing.path} className="font-medium text-indigo-700 hover:underline">
              Open the listing’s page
            </Link>
          </p>
        </div>
      </div>
    </div>
  );
}
