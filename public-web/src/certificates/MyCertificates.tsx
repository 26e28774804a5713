import { Award, Download, ExternalLink } from 'lucide-react';
import { Link } from 'react-router-dom';
import type { CertificateSummary } from '@circuit/shared/api/certificates';
import { badgeLabel, CERTIFICATE_TITLES } from '@circuit/shared/certificates/wording';
import { Alert } from '../ui/Alert';
import { formatDate } from '../hackathons/labels';
import { pdfPath, useMyCertificates, verifyPath } from './certificatesApi';

const linkClass = 'inline-flex items-center gap-1.5 rounded text-sm font-semibold text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600';

function CertificateCard({ c }: { c: CertificateSummary }) {
  return (
    <li className="flex flex-col rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      <p className={`text-xs font-semibold uppercase tracking-wide ${c.kind === 'achievement' ? 'text-amber-700' : 'text-indigo-700'}`}>{badgeLabel(c)}</p>
      <h3 className="mt-1 font-semibold text-slate-900">
        <Link to={c.listingPath} className="hover:underline">
          {c.listingTitle}
        </Link>
      </h3>
      <p className="text-sm text-slate-600">
        {CERTIFICATE_TITLES[c.kind]} · {formatDate(c.listingDate)}
      </p>
      {c.revokedAt && <p className="mt-2 text-sm font-medium text-red-700">Revoked: {c.revokeReason}</p>}
      <div className="mt-auto flex flex-wrap gap-4 pt-3">
        {!c.revokedAt && (
          <a className={linkClass} href={pdfPath(c.certificateId)} download>
            <Download className="size-4" aria-hidden="true" /> Download PDF<span className="sr-only">: {c.listingTitle}</span>
          </a>
        )}
        <Link className={linkClass} to={verifyPath(c.certificateId)}>
          <ExternalLink className="size-4" aria-hidden="true" /> Verification page<span className="sr-only">: {c.listingTitle}</span>
        </Link>
      </div>
    </li>
  );
}

/** The dashboard's Certificates section: every certificate the user holds, with its PDF and verification page. */
export function MyCertificates() {
  const mine = useMyCertificates();
  return (
    <section aria-labelledby="my-certificates" className="mt-10">
      <h2 id="my-certificates" className="flex items-center gap-2 text-xl font-bold tracking-tight text-slate-900">
        <Award className="size-5 text-amber-600" aria-hidden="true" /> Certificates
      </h2>
      {mine.isPending && (
        <div className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3" role="status" aria-label="Loading certificates">
          {[0, 1, 2].map((i) => (
            <div key={i} className="h-36 animate-pulse rounded-2xl bg-slate-100" />
          ))}
        </div>
      )}
      {mine.isError && (
        <Alert className="mt-4">
          Could not load your certificates.{' '}
          <button type="button" className="font-semibold underline" onClick={() => void mine.refetch()}>
            Try again
          </button>
        </Alert>
      )}
      {mine.data && mine.data.certificates.length === 0 && <p className="mt-3 text-slate-600">No certificates yet. Organisers issue them after a listing you took part in has ended.</p>}
      {mine.data && mine.data.certificates.length > 0 && (
        <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {mine.data.certificates.map((c) => (
            <CertificateCard key={c.certificateId} c={c} />
          ))}
        </ul>
      )}
    </section>
  );
}
