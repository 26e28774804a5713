import type { FormEvent } from 'react';
import { TriangleAlert } from 'lucide-react';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';
import { Card } from '../ui/Card';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { PasswordField } from '../ui/PasswordField';
import { TextField } from '../ui/TextField';
import { ErasureStatement } from './ErasureStatement';
import { useDeleteAccount, type ConfirmWith } from './useDeleteAccount';

const METHODS: { value: ConfirmWith; label: string }[] = [
  { value: 'password', label: 'With my password' },
  { value: 'code', label: 'With a code sent to my email' },
];

/** "Delete my account" on /settings/data: what goes and what stays, then a confirmed, irreversible step. */
export function DeleteAccountSection() {
  const flow = useDeleteAccount();

  function submit(event: FormEvent) {
    event.preventDefault();
    flow.review();
  }

  return (
    <Card className="p-5 sm:p-6">
      <section aria-labelledby="delete-account-title" className="flex flex-col gap-5">
        <div>
          <h2 id="delete-account-title" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
            <TriangleAlert className="size-5 text-red-600" aria-hidden="true" />
            Delete my account
          </h2>
          <p className="mt-1 text-sm text-slate-600">Deleting your account is permanent: nobody, not even our team, can bring it back.</p>
        </div>
        <ErasureStatement />
        <form onSubmit={submit} noValidate className="flex flex-col gap-4">
          <fieldset>
            <legend className="text-sm font-medium text-slate-700">Confirm it is you</legend>
            <div className="mt-2 flex flex-col gap-2 sm:flex-row sm:gap-6">
              {METHODS.map((method) => (
                <label key={method.value} className="flex min-h-11 items-center gap-2 text-sm text-slate-800 sm:min-h-0">
                  <input
                    type="radio"
                    name="confirm-with"
                    value={method.value}
                    checked={flow.confirmWith === method.value}
                    onChange={() => flow.choose(method.value)}
                    className="size-4 accent-indigo-600"
                  />
                  {method.label}
                </label>
              ))}
            </div>
          </fieldset>
          {flow.confirmWith === 'password' ? (
            <PasswordField label="Your password" autoComplete="current-password" value={flow.password} onChange={(e) => flow.setPassword(e.target.value)} error={flow.fieldError} className="sm:max-w-sm" />
          ) : (
            <CodeStep flow={flow} />
          )}
          {flow.eraseError && <Alert>{flow.eraseError}</Alert>}
          <div>
            <Button type="submit" variant="danger" className="w-full sm:w-auto">
              Delete my account
            </Button>
          </div>
        </form>
      </section>
      <ConfirmDialog
        open={flow.asking}
        title="Delete your account for good?"
        message="Your personal data is erased at once and cannot be recovered. You will be signed out."
        confirmLabel="Delete my account"
        cancelLabel="Keep my account"
        tone="danger"
        loading={flow.erasing}
        onConfirm={flow.confirm}
        onCancel={flow.cancel}
      />
    </Card>
  );
}

/** For accounts without a password (Google or GitHub sign-ups): a code mailed for this purpose. */
function CodeStep({ flow }: { flow: ReturnType<typeof useDeleteAccount> }) {
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <Button type="button" variant="secondary" onClick={flow.mailCode} loading={flow.sendingCode} className="w-full sm:w-auto">
          {flow.codeSent ? 'Send a new code' : 'Send me a code'}
        </Button>
        {flow.codeSent && (
          <p role="status" className="text-sm text-emerald-700">
            {flow.codeSent}
          </p>
        )}
      </div>
      {flow.codeError && <Alert>{flow.codeError}</Alert>}
      <TextField
        label="Code from the email"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        value={flow.code}
        onChange={(e) => flow.setCode(e.target.value)}
        error={flow.fieldError}
        hint="Six digits, valid for 10 minutes"
        className="sm:max-w-sm"
      />
    </div>
  );
}
