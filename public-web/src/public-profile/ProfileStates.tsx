import { ArrowLeft, Ban, House, Lock, ShieldOff, UserX } from 'lucide-react';
import { useNavigate } from 'react-router-dom';
import { Button, ButtonLink } from '../ui/Button';
import { StateScreen } from '../ui/EmptyState';
import { fullName, type Profile } from '../users/types';
import { PROFILE_LOAD_FAILED, useProfileActions } from './usePublicProfile';

/** Whether "back" leads anywhere in this tab (see NotFoundPage). */
function canGoBack(): boolean {
  const state = window.history.state as { idx?: number } | null;
  return (typeof state?.idx === 'number' && state.idx > 0) || window.history.length > 1;
}

function BackAndHome() {
  const navigate = useNavigate();
  return (
    <>
      <Button variant="secondary" icon={<ArrowLeft className="size-4" aria-hidden="true" />} onClick={() => (canGoBack() ? navigate(-1) : navigate('/'))}>
        Go Back
      </Button>
      <ButtonLink to="/">
        <House className="size-4" aria-hidden="true" />
        Go Home
      </ButtonLink>
    </>
  );
}

/** 404: no user by that name. */
export function ProfileNotFound({ username }: { username: string }) {
  return (
    <StateScreen icon={<UserX className="size-7" aria-hidden="true" />} title="User Not Found" actions={<BackAndHome />}>
      <p className="text-sm font-semibold uppercase tracking-wide text-slate-500">Profile Not Found</p>
      <p className="mt-2">
        No one here goes by <span className="font-semibold text-slate-900">@{username}</span>. Please check the username and try again.
      </p>
    </StateScreen>
  );
}

/** 403: the profile's owner has blocked the viewer (or it is otherwise withheld). */
export function ProfileUnavailable({ message }: { message: string }) {
  return (
    <StateScreen icon={<Lock className="size-7" aria-hidden="true" />} title="Profile Unavailable" actions={<BackAndHome />}>
      {message}
    </StateScreen>
  );
}

/** Any other failure: a retry. */
export function ProfileLoadFailed({ onRetry }: { onRetry(): void }) {
  return (
    <StateScreen
      icon={<UserX className="size-7" aria-hidden="true" />}
      title="Something went wrong"
      actions={
        <>
          <Button onClick={onRetry}>Try again</Button>
          <ButtonLink to="/" variant="secondary">
            Go Home
          </ButtonLink>
        </>
      }
    >
      {PROFILE_LOAD_FAILED}
    </StateScreen>
  );
}

/** The viewer has blocked this user: nothing of theirs is shown, only the way back. */
export function BlockedView({ profile }: { profile: Profile }) {
  const actions = useProfileActions(profile);
  return (
    <StateScreen title={fullName(profile)} actions={
      <Button
        variant="secondary"
        loading={actions.pending}
        onClick={actions.unblock}
        icon={<ShieldOff className="size-4" aria-hidden="true" />}
      >
        Unblock
      </Button>
    } icon={<Ban className="size-7" aria-hidden="true" />}>
      <p className="text-sm text-slate-600 wrap-anywhere">@{profile.username}</p>
      <p className="mt-4 font-semibold text-slate-900">You have blocked this user</p>
      <p className="mt-1 text-sm">They cannot follow you, connect with you or message you. Unblock them to see their profile again.</p>
    </StateScreen>
  );
}
