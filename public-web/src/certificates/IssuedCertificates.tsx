import { Download, ExternalLink } from 'lucide-react';
import { useState } from 'react';
import type { CertificateListingKind, CertificateSummary } from '@circuit/shared/api/certificates';
import { badgeLabel } from '@circuit/shared/certificates/wording';
import { messageOf } from '../auth/apiClient';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';
import { formatDate } from '../hackathons/labels';
import { pdfPath, useListingCertificates, verifyPath } from './certificatesApi';
import { RevokeDialog } from './RevokeDialog';

const linkClass = 'inline-flex items-center gap-1 rounded text-sm font-medium text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600';

function Row({ c, onRevoke }: { c: CertificateSummary; onRevoke(): void }) {
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="truncate font-medium text-slate-900">{c.holderName}</p>
        <p className="text-sm text-slate-600">
          <span className={c.kind === 'achievement' ? 'font-medium text-amber-800' : undefined}>{badgeLabel(c)}</span> · issued {formatDate(c.issuedAt)}
          {c.revokedAt && <span className="ml-1 font-semibold text-red-700">· revoked: {c.revokeReason}</span>}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <a className={linkClass} href={verifyPath(c.certificateId)} target="_blank" rel="noreferrer">
          <ExternalLink className="size-4" aria-hidden="true" /> Verify<span className="sr-only"> {c.holderName}’s certificate (opens in a new tab)</span>
        </a>
        <a className={linkClass} href={pdfPath(c.certificateId)} download>
          <Download className="size-4" aria-hidden="true" /> PDF<span className="sr-only"> of {c.holderName}’s certificate</span>
        </a>
        {!c.revokedAt && (
          <Button size="sm" variant="secondary" onClick={onRevoke} aria-label={`Revoke ${c.holderName}’s ${badgeLabel(c).toLowerCase()} certificate`}>
            Revoke
          </Button>
        )}
      </div>
    </li>
  );
}

/** The certificates issued for a listing, each with its verification page, its PDF and a revoke (with a reason). */
export function IssuedCertificates({ kind, listingId }: { kind: CertificateListingKind; listingId: string }) {
  const list = useListingCertificates(kind, listingId);
  const [revoking, setRevoking] = useState<CertificateSummary | null>(null);
  if (list.isPending) return <p className="text-sm text-slate-600" role="status">Loading the issued certificates…</p>;
  if (list.isError) return <Alert>{messageOf(list.error, 'Could not load the issued certificates.')}</Alert>;
  const { certificates } = list.data;
  return (
    <div>
      <h3 className="text-base font-semibold text-slate-900">Issued ({certificates.length})</h3>
      {certificates.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">None issued yet.</p>
      ) : (
        <ul className="mt-1 divide-y divide-slate-100">
          {certificates.map((c) => (
            <Row key={c.certificateId} c={c} onRevoke={() => setRevoking(c)} />
          ))}
        </ul>
      )}
      <RevokeDialog kind={kind} listingId={listingId} certificate={revoking} onClose={() => setRevoking(null)} />
    </div>
  );
}
