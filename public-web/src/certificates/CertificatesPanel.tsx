import { Award, CalendarClock } from 'lucide-react';
import type { CertificateCounts, CertificateListingKind } from '@circuit/shared/api/certificates';
import { isApiError, messageOf } from '../auth/apiClient';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';
import { formatDateTime } from '../hackathons/labels';
import { plural } from '../ui/plural';
import { IssuedCertificates } from './IssuedCertificates';
import { useCertificatePreview, useIssueCertificates } from './certificatesApi';

const some = (n: number, what: string) => `${n} ${what} ${plural(n, 'certificate', 'certificates')}`;
const counted = (c: CertificateCounts) => `${some(c.participation, 'participation')} and ${some(c.achievement, 'achievement')}`;

function Counts({ eligible, toIssue }: { eligible: CertificateCounts; toIssue: CertificateCounts }) {
  const cells = [
    { label: 'Participation', eligible: eligible.participation, toIssue: toIssue.participation },
    { label: 'Achievement', eligible: eligible.achievement, toIssue: toIssue.achievement },
  ];
  return (
    <dl className="grid grid-cols-2 gap-3">
      {cells.map((c) => (
        <div key={c.label} className="rounded-xl border border-slate-200 bg-slate-50 p-4">
          <dt className="text-sm font-medium text-slate-600">{c.label}</dt>
          <dd className="mt-1 text-xl font-bold text-slate-900 sm:text-2xl">{c.eligible} eligible</dd>
          <dd className="text-sm text-slate-600">{c.toIssue === 0 ? 'All issued' : `${c.toIssue} to issue`}</dd>
        </div>
      ))}
    </dl>
  );
}

const WHO_GETS: Record<CertificateListingKind, string> = {
  event: 'Participation goes to every registrant checked in at the door.',
  hackathon: 'Participation goes to every participant checked in or on a submitted project; achievement to the members of the published winners.',
  quiz: 'Participation goes to everyone who completed the quiz; achievement to the top 3 ranks.',
};

/**
 * The organiser's Certificates panel of a finished listing: how many of each kind an issue would give,
 * the Issue button with its result, and the certificates issued (with revoke). Shows nothing to anyone
 * who may not issue (the preview answers 403 to them).
 */
export function CertificatesPanel({ kind, listingId }: { kind: CertificateListingKind; listingId: string }) {
  const preview = useCertificatePreview(kind, listingId);
  const issue = useIssueCertificates(kind, preview.data?.listingId ?? listingId);

  if (preview.isError && isApiError(preview.error) && (preview.error.status === 403 || preview.error.status === 401)) return null;
  return (
    <section aria-labelledby="certificates-title" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <h2 id="certificates-title" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <Award className="size-5 text-amber-600" aria-hidden="true" /> Certificates
      </h2>
      {preview.isPending && <p className="mt-3 text-sm text-slate-600" role="status">Counting who is eligible…</p>}
      {preview.isError && (
        <Alert className="mt-3">
          {messageOf(preview.error, 'Could not count who is eligible.')}{' '}
          <button type="button" className="font-semibold underline" onClick={() => void preview.refetch()}>
            Try again
          </button>
        </Alert>
      )}
      {preview.data && !preview.data.ended && (
        <p className="mt-3 flex items-center gap-2 text-sm text-slate-600">
          <CalendarClock className="size-4 shrink-0" aria-hidden="true" />
          {preview.data.endsAt ? `Certificates can be issued once this ends, on ${formatDateTime(preview.data.endsAt)}.` : 'Certificates can be issued once this has ended.'}
        </p>
      )}
      {preview.data?.ended && (
        <div className="mt-4 space-y-4">
          <p className="text-sm text-slate-600">{WHO_GETS[kind]} Each person gets one of each kind at most; issuing again adds only the newly eligible.</p>
          <Counts eligible={preview.data.eligible} toIssue={preview.data.toIssue} />
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
            <Button
              icon={<Award className="size-4" aria-hidden="true" />}
              loading={issue.isPending}
              disabled={preview.data.toIssue.participation + preview.data.toIssue.achievement === 0}
              onClick={() => issue.mutate(undefined, { onSettled: () => void preview.refetch() })}
            >
              {issue.isPending ? 'Issuing…' : 'Issue certificates'}
            </Button>
            {issue.isPending && (
              <p role="status" className="text-sm text-slate-600">
                Issuing {counted(preview.data.toIssue)}…
              </p>
            )}
          </div>
          {issue.isSuccess && (
            <Alert tone="success">
              {issue.data.issued.participation + issue.data.issued.achievement === 0 ? 'Nothing new to issue: everyone eligible has their certificate.' : `Issued ${counted(issue.data.issued)}.`}
            </Alert>
          )}
          {issue.isError && <Alert>{messageOf(issue.error, 'Could not issue the certificates. Please try again.')}</Alert>}
          <IssuedCertificates kind={kind} listingId={preview.data.listingId} />
        </div>
      )}
    </section>
  );
}
