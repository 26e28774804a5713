import type { CertificateVerification } from '@circuit/shared/api/certificates';
import { ordinal } from '@circuit/shared/certificates/wording';
import { useDateLabels } from '../ui/useDateLabels';

/** The facts a certificate was issued on, and the check-in as the door's record says now (an undo since shows). */
export function FactsList({ answer }: { answer: CertificateVerification }) {
  const dates = useDateLabels();
  const { facts, checkIn } = answer;
  const at = (iso: string | null) => (iso ? dates.dateTime(iso, { weekday: false }) : null);
  const rows: [string, string | null][] = [
    ['Registered', at(facts.registeredAt)],
    ['Checked in', at(facts.checkedInAt)],
    ['Completed the quiz', at(facts.completedAt)],
    ['Prize', facts.prize],
    ['Rank', facts.rank ? ordinal(facts.rank) : null],
    ['Score', facts.score ? `${facts.score.marks} of ${facts.score.outOf} marks` : null],
  ];
  return (
    <dl className="mt-4 divide-y divide-slate-100 text-sm">
      {rows
        .filter((row): row is [string, string] => row[1] !== null)
        .map(([label, value]) => (
          <div key={label} className="flex flex-col gap-0.5 py-2.5 sm:flex-row sm:justify-between">
            <dt className="text-slate-600">{label}</dt>
            <dd className="font-medium text-slate-900">{value}</dd>
          </div>
        ))}
      {checkIn.state === 'undone' && (
        <div className="flex flex-col gap-0.5 py-2.5 sm:flex-row sm:justify-between">
          <dt className="text-slate-600">Check-in now</dt>
          <dd className="font-medium text-amber-800">Undone at the door on {at(checkIn.at)}</dd>
        </div>
      )}
    </dl>
  );
}
