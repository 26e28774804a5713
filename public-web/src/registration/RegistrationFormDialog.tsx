import type { FormEvent, ReactNode } from 'react';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';

export interface RegistrationFormDialogProps {
  title: string;
  description: ReactNode;
  formId: string;
  busy: boolean;
  /** The submit button's text (its busy text is chosen by the caller too). */
  submitLabel: string;
  submitDisabled?: boolean;
  size?: 'lg';
  error: string | null;
  onCancel(): void;
  onSubmit(e: FormEvent): void;
  children: ReactNode;
}

/** The frame every registration and profile step shares: Cancel and submit in the footer, a two-column form, the first rule broken as an alert. */
export function RegistrationFormDialog({ title, description, formId, busy, submitLabel, submitDisabled, size, error, onCancel, onSubmit, children }: RegistrationFormDialogProps) {
  return (
    <Dialog
      open
      onClose={onCancel}
      busy={busy}
      size={size}
      title={title}
      description={description}
      footer={
        <>
          <Button variant="ghost" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" form={formId} disabled={busy || submitDisabled}>
            {submitLabel}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-2" noValidate>
        {children}
        {error && (
          <p role="alert" className="text-sm text-red-600 sm:col-span-2">
            {error}
          </p>
        )}
      </form>
    </Dialog>
  );
}
