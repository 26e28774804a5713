import { Award, BadgeCheck, FileQuestion, OctagonX, TriangleAlert } from 'lucide-react';
import { Link, useParams } from 'react-router-dom';
import type { CertificateVerification } from '@circuit/shared/api/certificates';
import { achievementLine, CERTIFICATE_TITLES, LISTING_WORDS } from '@circuit/shared/certificates/wording';
import { isApiError } from '../auth/apiClient';
import { Button, ButtonLink } from '../ui/Button';
import { StateScreen } from '../ui/EmptyState';
import { PageSpinner } from '../ui/Spinner';
import { useDateLabels } from '../ui/useDateLabels';
import { useDocumentTitle } from '../ui/useDocumentTitle';
import { useVerification } from './certificatesApi';
import { FactsList } from './FactsList';

function Status({ certificate }: { certificate: CertificateVerification['certificate'] }) {
  const dates = useDateLabels();
  if (certificate.revokedAt) {
    return (
      <div role="status" className="flex gap-3 rounded-xl border border-red-200 bg-red-50 p-4 text-red-900">
        <OctagonX className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
        <div>
          <p className="font-semibold">This certificate was revoked on {dates.date(certificate.revokedAt)}.</p>
          <p className="mt-1 text-sm">Reason given by the organiser: {certificate.revokeReason}</p>
        </div>
      </div>
    );
  }
  return (
    <div role="status" className="flex items-center gap-3 rounded-xl border border-emerald-200 bg-emerald-50 p-4 text-emerald-900">
      <BadgeCheck className="size-5 shrink-0" aria-hidden="true" />
      <p className="font-semibold">Valid certificate, issued on Circuit on {dates.date(certificate.issuedAt)}.</p>
    </div>
  );
}

function Verified({ answer }: { answer: CertificateVerification }) {
  const dates = useDateLabels();
  const c = answer.certificate;
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6 sm:py-12">
      <Status certificate={c} />
      <article aria-labelledby="certificate-title" className="mt-6 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-10">
        <p className="flex items-center gap-2 text-xs font-semibold uppercase tracking-[0.2em] text-amber-700">
          <Award className="size-4" aria-hidden="true" /> {LISTING_WORDS[c.listingKind]} certificate
        </p>
        <h1 id="certificate-title" className="mt-3 font-serif text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
          {CERTIFICATE_TITLES[c.kind]}
        </h1>
        <p className="mt-6 text-lg text-slate-700">
          <strong className="font-serif text-2xl text-slate-900">{c.holderName}</strong> {achievementLine(c)}{' '}
          <Link to={c.listingPath} className="font-semibold text-indigo-700 underline-offset-2 hover:underline">
            {c.listingTitle}
          </Link>
          .
        </p>
        <dl className="mt-8 grid gap-x-8 gap-y-4 border-t border-slate-100 pt-6 text-sm sm:grid-cols-2">
          <div>
            <dt className="text-slate-600">Organised by</dt>
            <dd className="font-medium text-slate-900">{c.organiserName}</dd>
          </div>
          <div>
            <dt className="text-slate-600">Ended</dt>
            <dd className="font-medium text-slate-900">{dates.date(c.listingDate)}</dd>
          </div>
          <div>
            <dt className="text-slate-600">Issued</dt>
            <dd className="font-medium text-slate-900">{dates.dateTime(c.issuedAt, { weekday: false })}</dd>
          </div>
          <div>
            <dt className="text-slate-600">Certificate id</dt>
            <dd className="break-all font-mono text-slate-900">{c.certificateId}</dd>
          </div>
        </dl>
      </article>
      <section aria-labelledby="facts-title" className="mt-6 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <h2 id="facts-title" className="text-lg font-semibold text-slate-900">
          What it rests on
        </h2>
        <FactsList answer={answer} />
        <p className="mt-6 text-xs text-slate-600">
          Read from {answer.eventsRead} recorded {answer.eventsRead === 1 ? 'event' : 'events'}: the listing’s certificate record and its check-in record, as they stand now.
        </p>
      </section>
    </div>
  );
}

/** /verify/{id}: a public page anyone can open from the QR code or link on a certificate. */
export function VerifyPage() {
  const { id = '' } = useParams();
  const query = useVerification(id);
  useDocumentTitle(query.data ? `${CERTIFICATE_TITLES[query.data.certificate.kind]}: ${query.data.certificate.holderName}` : 'Verify a certificate');
  if (query.isPending) return <PageSpinner label="Checking the certificate..." />;
  if (query.isError) {
    if (isApiError(query.error) && query.error.status === 404) {
      return (
        <StateScreen icon={<FileQuestion className="size-7" aria-hidden="true" />} title="No certificate with this id" actions={<ButtonLink to="/">Go to Circuit</ButtonLink>}>
          Check the address against the link or QR code printed on the certificate.
        </StateScreen>
      );
    }
    return (
      <StateScreen icon={<TriangleAlert className="size-7" aria-hidden="true" />} title="Could not check the certificate" actions={<Button onClick={() => void query.refetch()}>Try again</Button>}>
        Please check your connection and try again.
      </StateScreen>
    );
  }
  return <Verified answer={query.data} />;
}
