import { ShieldCheck, UserMinus, UserPlus } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import type { CommunityUser } from '@circuit/shared/api/community';
import { Avatar } from '../shell/Avatar';
import { Button } from '../ui/Button';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { Spinner } from '../ui/Spinner';
import { authorName } from './communityState';
import { useAdminPanel } from './useAdminPanel';

function Person({ user, children }: { user: CommunityUser; children?: ReactNode }) {
  return (
    <li className="flex items-center gap-2 py-1.5">
      <Avatar user={user} className="size-7" />
      <span className="min-w-0 flex-1 truncate text-sm text-slate-800">{authorName(user)}</span>
      {children}
    </li>
  );
}

function Heading({ children, count }: { children: string; count: number }) {
  return (
    <h3 className="mt-4 mb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase">
      {children} <span className="font-normal">({count})</span>
    </h3>
  );
}

/** The admin side panel (spec 2, "Community chat"): stats, admins, active participants with Remove, removed users with Re-add. */
export function CommunityAdminPanel({ hackathonId, me }: { hackathonId: string; me: string }) {
  const panel = useAdminPanel(hackathonId);
  const [candidate, setCandidate] = useState('');
  const selectId = useId();
  const d = panel.data;
  if (panel.loading) return <Spinner label="Loading participants..." />;
  if (panel.failed || !d) {
    return (
      <p className="text-sm text-slate-600">
        Could not load the participants.{' '}
        <button type="button" className="font-semibold text-indigo-600" onClick={panel.retry}>
          Try again
        </button>
      </p>
    );
  }
  const candidates = d.participants.filter((p) => !p.isAdmin);
  const chosen = candidates.find((p) => p.user._id === candidate)?.user;
  return (
    <div>
      <dl className="grid grid-cols-2 gap-2 text-center">
        {(
          [
            ['Participants', d.stats.participants],
            ['Admins', d.stats.admins],
            ['Messages', d.stats.messages],
            ['Removed', d.stats.removed],
          ] as const
        ).map(([label, value]) => (
          <div key={label} className="rounded-lg bg-slate-50 px-2 py-2">
            <dt className="text-xs text-slate-500">{label}</dt>
            <dd className="text-lg font-semibold text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>

      <Heading count={d.admins.length}>Admins</Heading>
      <ul>
        {d.admins.map((a) => (
          <Person key={a.user._id} user={a.user}>
            {a.role === 'organiser' ? (
              <span className="inline-flex items-center gap-1 text-xs text-slate-500">
                <ShieldCheck className="size-3.5" aria-hidden="true" /> Organiser
              </span>
            ) : (
              <Button size="sm" variant="ghost" loading={panel.isPending('removeAdmin', a.user._id)} onClick={() => panel.run('removeAdmin', a.user)}>
                Remove admin<span className="sr-only"> role of {authorName(a.user)}</span>
              </Button>
            )}
          </Person>
        ))}
      </ul>
      {candidates.length > 0 && (
        <form
          className="mt-2 flex flex-wrap items-end gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            if (chosen) panel.run('addAdmin', chosen);
            setCandidate('');
          }}
        >
          <label htmlFor={selectId} className="sr-only">
            Participant to make admin
          </label>
          <select id={selectId} value={candidate} onChange={(e) => setCandidate(e.target.value)} className="h-8 min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-2 text-sm">
            <option value="">Choose a participant...</option>
            {candidates.map((p) => (
              <option key={p.user._id} value={p.user._id}>
                {authorName(p.user)}
              </option>
            ))}
          </select>
          <Button size="sm" type="submit" variant="secondary" disabled={!chosen} icon={<UserPlus className="size-4" aria-hidden="true" />}>
            Make admin
          </Button>
        </form>
      )}

      <Heading count={d.participants.length}>Active participants</Heading>
      <ul>
        {d.participants.map((p) => (
          <Person key={p.user._id} user={p.user}>
            {p.isAdmin ? (
              <span className="text-xs text-slate-500">Admin</span>
            ) : (
              p.user._id !== me && (
                <Button size="sm" variant="ghost" className="text-red-700" onClick={() => panel.askRemove(p.user)} icon={<UserMinus className="size-4" aria-hidden="true" />}>
                  Remove<span className="sr-only"> {authorName(p.user)}</span>
                </Button>
              )
            )}
          </Person>
        ))}
      </ul>

      <Heading count={d.removed.length}>Removed users</Heading>
      {d.removed.length === 0 ? (
        <p className="text-sm text-slate-500">Nobody has been removed.</p>
      ) : (
        <ul>
          {d.removed.map((r) => (
            <Person key={r.user._id} user={r.user}>
              <Button size="sm" variant="secondary" loading={panel.isPending('reAddUser', r.user._id)} onClick={() => panel.run('reAddUser', r.user)}>
                Re-add<span className="sr-only"> {authorName(r.user)}</span>
              </Button>
            </Person>
          ))}
        </ul>
      )}

      <ConfirmDialog
        open={panel.confirmRemove !== null}
        title="Remove from the community?"
        message={
          panel.confirmRemove
            ? `${authorName(panel.confirmRemove)} will no longer be able to read or post in this chat until an admin re-adds them.`
            : undefined
        }
        confirmLabel="Remove"
        tone="danger"
        loading={panel.confirmRemove !== null && panel.isPending('removeUser', panel.confirmRemove._id)}
        onConfirm={() => panel.confirmRemove && panel.run('removeUser', panel.confirmRemove)}
        onCancel={() => panel.askRemove(null)}
      />
    </div>
  );
}
