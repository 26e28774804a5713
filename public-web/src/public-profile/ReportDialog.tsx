import { useMutation } from '@tanstack/react-query';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { messageOf } from '../auth/apiClient';
import { relationshipApi } from '../relationships/relationshipApi';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';
import { TextArea } from '../ui/TextArea';
import { notify } from '../ui/toast';

export const REPORT_REASON_REQUIRED = 'Please provide a reason for reporting';

/** Report User: a reason (non-empty after trimming) sent with POST /api/users/report/{id}. */
export function ReportDialog({ open, onClose, targetId, targetName }: { open: boolean; onClose(): void; targetId: string; targetName: string }) {
  const formId = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!open) return;
    setReason('');
    setError(null);
  }, [open]);

  const report = useMutation({
    mutationFn: (text: string) => relationshipApi.report(targetId, text),
    onSuccess: () => {
      notify.success('User reported successfully');
      onClose();
    },
    onError: (err) => notify.error(messageOf(err, 'Failed to report user')),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (report.isPending) return;
    if (!reason.trim()) {
      setError(REPORT_REASON_REQUIRED);
      return;
    }
    report.mutate(reason.trim());
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      busy={report.isPending}
      title="Report User"
      description={`Tell us what is wrong with ${targetName}'s profile or behaviour. Reports are reviewed by the team.`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={report.isPending}>
            Cancel
          </Button>
          <Button type="submit" form={formId} variant="danger" loading={report.isPending}>
            Submit Report
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={submit}>
        <TextArea
          label="Reason"
          name="reason"
          rows={4}
          maxLength={1000}
          value={reason}
          onChange={(e) => {
            setReason(e.target.value);
            if (error) setError(null);
          }}
          error={error}
          placeholder="Spam, harassment, impersonation..."
        />
      </form>
    </Dialog>
  );
}
