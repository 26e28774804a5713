import { ScanLine, Users } from 'lucide-react';
import { Link } from 'react-router-dom';
import type { CheckInKind } from '@circuit/shared/events/check-in';
import { checkInPath, coHostsPath } from './paths';

const link = 'inline-flex min-h-8 items-center gap-1.5 font-medium text-indigo-700 hover:underline';

/** Under an organiser's card: the listing's co-hosts and, when it has a door (not an online hackathon), its check-in screen (docs/day-of.md). */
export function DoorLinks({ kind, id, title, door = true }: { kind: CheckInKind; id: string; title: string; door?: boolean }) {
  return (
    <div className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
      <Link to={coHostsPath(kind, id)} state={{ title }} className={link}>
        <Users className="size-4" aria-hidden="true" /> Co-hosts<span className="sr-only"> of {title}</span>
      </Link>
      {door && (
        <Link to={checkInPath(kind, id)} className={link}>
          <ScanLine className="size-4" aria-hidden="true" /> Open check-in<span className="sr-only"> for {title}</span>
        </Link>
      )}
    </div>
  );
}
