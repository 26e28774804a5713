import { UserPlus, Users } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import type { CoHostView } from '@circuit/shared/api/check-in';
import { CO_HOST_ROLES, type CheckInKind, type CoHostRole } from '@circuit/shared/events/check-in';
import { isApiError, messageOf } from '../auth/apiClient';
import { Button } from '../ui/Button';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { EmptyState } from '../ui/EmptyState';
import { Spinner } from '../ui/Spinner';
import { TextField } from '../ui/TextField';
import { ROLE_TEXT, useCoHosts } from './useCoHosts';

type CoHosts = ReturnType<typeof useCoHosts>;

/** The server's words for the field they are about, else for the form. */
const usernameError = (error: unknown) => (isApiError(error) ? (error.fieldErrors.find((f) => f.field === 'username')?.message ?? messageOf(error, 'The co-host could not be saved')) : 'The co-host could not be saved');

function RoleChoice({ value, onChange, name }: { value: CoHostRole; onChange(role: CoHostRole): void; name: string }) {
  return (
    <fieldset>
      <legend className="mb-1.5 text-sm font-medium text-slate-700">Role</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {CO_HOST_ROLES.map((role) => (
          <label key={role} className="flex cursor-pointer gap-3 rounded-lg border border-slate-200 p-3 has-[:checked]:border-indigo-500 has-[:checked]:bg-indigo-50">
            <input type="radio" name={name} value={role} checked={value === role} onChange={() => onChange(role)} className="mt-1 size-4 accent-indigo-600" />
            <span>
              <span className="block text-sm font-semibold text-slate-900">{ROLE_TEXT[role].label}</span>
              <span className="block text-sm text-slate-600">{ROLE_TEXT[role].line}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function AddCoHost({ coHosts }: { coHosts: CoHosts }) {
  const [username, setUsername] = useState('');
  const [role, setRole] = useState<CoHostRole>('check-in');
  const [error, setError] = useState<string | null>(null);
  const name = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const wanted = username.trim().replace(/^@/, '');
    if (!wanted) return setError('Enter the username of the person to add');
    setError(null);
    coHosts.save.mutate({ username: wanted, role }, { onSuccess: () => setUsername(''), onError: (e) => setError(usernameError(e)) });
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-4 rounded-2xl border border-slate-200 bg-white p-4 sm:p-5">
      <h2 className="text-base font-semibold text-slate-900">Add a co-host</h2>
      <TextField label="Username" value={username} onChange={(e) => setUsername(e.target.value)} error={error} autoComplete="off" autoCapitalize="none" placeholder="priya_codes" />
      <RoleChoice value={role} onChange={setRole} name={name} />
      <Button type="submit" loading={coHosts.save.isPending && coHosts.save.variables?.username === username.trim().replace(/^@/, '')} icon={<UserPlus className="size-4" aria-hidden="true" />}>
        Add co-host
      </Button>
    </form>
  );
}

function CoHostRow({ coHost: c, coHosts }: { coHost: CoHostView; coHosts: CoHosts }) {
  const [confirm, setConfirm] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const selectId = useId();
  const change = (role: CoHostRole) => {
    setError(null);
    coHosts.save.mutate({ username: c.username, role }, { onError: (e) => setError(messageOf(e, 'The role could not be changed')) });
  };
  const remove = () =>
    coHosts.remove.mutate(c.username, {
      onSettled: () => setConfirm(false),
      onError: (e) => setError(messageOf(e, 'The co-host could not be removed')),
    });
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3">
      <div className="min-w-0">
        <p className="font-semibold break-words text-slate-900">{c.name}</p>
        <p className="text-sm text-slate-600">@{c.username}</p>
        {error && (
          <p role="alert" className="text-sm text-red-700">
            {error}
          </p>
        )}
      </div>
      <div className="flex items-center gap-2">
        <label htmlFor={selectId} className="sr-only">
          Role of {c.name}
        </label>
        <select id={selectId} value={c.role} onChange={(e) => change(e.target.value as CoHostRole)} className="h-10 rounded-lg border border-slate-300 bg-white px-3 text-sm">
          {CO_HOST_ROLES.map((role) => (
            <option key={role} value={role}>
              {ROLE_TEXT[role].label}
            </option>
          ))}
        </select>
        <Button variant="secondary" className="text-red-700" onClick={() => setConfirm(true)}>
          Remove<span className="sr-only"> {c.name}</span>
        </Button>
      </div>
      <ConfirmDialog
        open={confirm}
        title="Remove co-host"
        message={`${c.name} will no longer help run this listing.`}
        confirmLabel="Remove"
        tone="danger"
        loading={coHosts.remove.isPending}
        onCancel={() => setConfirm(false)}
        onConfirm={remove}
      />
    </li>
  );
}

/** Who helps the organiser run a listing (docs/day-of.md): added by username with a role, changed, removed. */
export function CoHostsPanel({ kind, id }: { kind: CheckInKind; id: string }) {
  const coHosts = useCoHosts(kind, id);
  const { list } = coHosts;
  return (
    <div className="space-y-6">
      <AddCoHost coHosts={coHosts} />
      <section aria-labelledby="co-hosts-heading" className="rounded-2xl border border-slate-200 bg-white p-4 sm:p-5">
        <h2 id="co-hosts-heading" className="text-base font-semibold text-slate-900">
          Co-hosts
        </h2>
        {list.isPending ? (
          <div className="py-6 text-indigo-600">
            <Spinner className="size-6" label="Loading co-hosts..." />
          </div>
        ) : list.isError ? (
          <div className="py-4">
            <p role="alert" className="text-sm text-red-700">
              {messageOf(list.error, 'The co-hosts could not be loaded')}
            </p>
            <Button className="mt-3" variant="secondary" onClick={() => void list.refetch()}>
              Try again
            </Button>
          </div>
        ) : list.data.length === 0 ? (
          <EmptyState icon={<Users className="size-6" aria-hidden="true" />} title="No co-hosts yet" className="py-6">
            Add the people who run the door or help you manage this listing.
          </EmptyState>
        ) : (
          <ul className="divide-y divide-slate-100">
            {list.data.map((c) => (
              <CoHostRow key={c.userId} coHost={c} coHosts={coHosts} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
