import { lazy, Suspense, useState } from 'react';
import type { CertificateListingKind, CertificateSummary } from '@circuit/shared/api/certificates';
import { CertificateMessages } from '@circuit/shared/api/certificates';
import { messageOf } from '../auth/apiClient';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';
import { TextArea } from '../ui/TextArea';
import { notify } from '../ui/toast';
import { useRevokeCertificate } from './certificatesApi';

const Dialog = lazy(async () => ({ default: (await import('../ui/Dialog')).Dialog }));
const REASON_MAX = 500;

/** Revoking asks for a reason (shown on the verification page) and a second press in a dialog. */
export function RevokeDialog({ kind, listingId, certificate, onClose }: { kind: CertificateListingKind; listingId: string; certificate: CertificateSummary | null; onClose(): void }) {
  const revoke = useRevokeCertificate(kind, listingId);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  if (!certificate) return null;
  const close = () => {
    setReason('');
    setError(null);
    revoke.reset();
    onClose();
  };
  const submit = () => {
    if (!reason.trim()) return setError(CertificateMessages.reasonRequired);
    if (reason.length > REASON_MAX) return setError(`Keep the reason under ${REASON_MAX} characters.`);
    revoke.mutate(
      { certificateId: certificate.certificateId, reason: reason.trim() },
      {
        onSuccess: () => {
          notify.success(`${certificate.holderName}’s certificate was revoked`);
          close();
        },
      },
    );
  };
  return (
    <Suspense fallback={null}>
      <Dialog
        open
        alert
        size="sm"
        busy={revoke.isPending}
        onClose={close}
        title="Revoke this certificate?"
        description={`${certificate.holderName}’s certificate will show as revoked, with your reason, to anyone who verifies it. This cannot be undone.`}
        footer={
          <>
            <Button variant="secondary" onClick={close} disabled={revoke.isPending}>
              Cancel
            </Button>
            <Button variant="danger" onClick={submit} loading={revoke.isPending}>
              Revoke certificate
            </Button>
          </>
        }
      >
        <TextArea
          label="Reason (shown on the verification page)"
          value={reason}
          counterMax={REASON_MAX}
          rows={3}
          error={error}
          onChange={(e) => {
            setReason(e.target.value);
            setError(null);
          }}
        />
        {revoke.isError && <Alert className="mt-3">{messageOf(revoke.error, 'Could not revoke the certificate. Please try again.')}</Alert>}
      </Dialog>
    </Suspense>
  );
}
