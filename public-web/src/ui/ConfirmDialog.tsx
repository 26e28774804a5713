import { lazy, Suspense, type ReactNode } from 'react';
import { Button } from './Button';

// Pages ask a question only after a click, so the dialog's code is not part of their first load.
const Dialog = lazy(async () => ({ default: (await import('./Dialog')).Dialog }));

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  message?: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  tone?: 'primary' | 'danger';
  loading?: boolean;
  onConfirm(): void;
  onCancel(): void;
}

/** A yes/no question in a dialog; the confirm button carries the action's own name ("Follow", "Delete"). */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  cancelLabel = 'Cancel',
  tone = 'primary',
  loading,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <Dialog
        open={open}
        onClose={onCancel}
        title={title}
        description={message}
        size="sm"
        alert={tone === 'danger'}
        busy={loading}
        footer={
          <>
            <Button variant="secondary" onClick={onCancel} disabled={loading}>
              {cancelLabel}
            </Button>
            <Button variant={tone === 'danger' ? 'danger' : 'primary'} onClick={onConfirm} loading={loading}>
              {confirmLabel}
            </Button>
          </>
        }
      />
    </Suspense>
  );
}
