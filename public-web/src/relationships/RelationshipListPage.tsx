import { useQuery } from '@tanstack/react-query';
import clsx from 'clsx';
import { ArrowLeft, UserCheck, UserMinus, UserPlus, Users, UserX } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, NavLink, useNavigate, useParams } from 'react-router-dom';
import { isApiError } from '../auth/apiClient';
import { useAuth } from '../auth/AuthContext';
import { userId } from '../auth/types';
import { Avatar } from '../shell/Avatar';
import { Button, ButtonLink } from '../ui/Button';
import { Card } from '../ui/Card';
import { EmptyState, StateScreen } from '../ui/EmptyState';
import { PageSpinner, Spinner } from '../ui/Spinner';
import { notify } from '../ui/toast';
import { useDocumentTitle } from '../ui/useDocumentTitle';
import { userKeys } from '../users/keys';
import { fullName, idOf, type UserSummary } from '../users/types';
import { usersApi } from '../users/usersApi';
import { relationshipApi, relationshipKeys, type RelationshipList } from './relationshipApi';
import { useRelationshipAction } from './useRelationshipAction';

const LISTS: Record<RelationshipList, { title: string; empty: string; loadFailed: string; icon: typeof Users }> = {
  followers: { title: 'Followers', empty: 'No followers yet', loadFailed: 'Failed to load followers', icon: Users },
  following: { title: 'Following', empty: 'Not following anyone yet', loadFailed: 'Failed to load following', icon: UserPlus },
  connections: { title: 'Connections', empty: 'No connections yet', loadFailed: 'Failed to load connections', icon: UserCheck },
};

function canGoBack(): boolean {
  const state = window.history.state as { idx?: number } | null;
  return typeof state?.idx === 'number' && state.idx > 0;
}

/** /user/:username/followers | following | connections (spec section 2, "Relationship lists"). */
export function RelationshipListPage({ kind }: { kind: RelationshipList }) {
  const { username = '' } = useParams();
  const navigate = useNavigate();
  const { user: me } = useAuth();
  const meta = LISTS[kind];
  useDocumentTitle(`${meta.title} · @${username}`);

  const owner = useQuery({
    queryKey: userKeys.detail(username),
    queryFn: ({ signal }) => usersApi.byUsername(username, signal),
    enabled: Boolean(username),
  });
  const ownerId = owner.data ? idOf(owner.data) : '';
  const list = useQuery({
    queryKey: relationshipKeys.list(kind, ownerId),
    queryFn: ({ signal }) => relationshipApi.list(kind, ownerId, signal),
    enabled: Boolean(ownerId),
  });

  const toasted = useRef<unknown>(null);
  useEffect(() => {
    if (list.isError && toasted.current !== list.error) {
      toasted.current = list.error;
      notify.error(meta.loadFailed);
    }
  }, [list.isError, list.error, meta.loadFailed]);

  const back = () => (canGoBack() ? navigate(-1) : navigate(`/user/${encodeURIComponent(username)}`));

  if (owner.isPending) return <PageSpinner />;
  if (owner.isError) {
    const status = isApiError(owner.error) ? owner.error.status : 0;
    return (
      <StateScreen
        icon={<UserX className="size-7" aria-hidden="true" />}
        title={status === 404 ? 'User Not Found' : status === 403 ? 'Profile Unavailable' : meta.loadFailed}
        actions={
          <ButtonLink to="/" variant="secondary">
            Go Home
          </ButtonLink>
        }
      />
    );
  }

  const ownerProfile = owner.data;
  const isOwnList = Boolean(me && userId(me) === ownerId);
  const people = list.data ?? [];
  const base = `/user/${encodeURIComponent(ownerProfile.username)}`;

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6">
      <button
        type="button"
        onClick={back}
        className="mb-4 inline-flex items-center gap-1.5 rounded-lg px-2 py-1 text-sm font-semibold text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-500"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        Back
      </button>

      <div className="mb-5 flex items-center gap-3">
        <Link to={base} className="shrink-0 rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500">
          <Avatar user={ownerProfile} className="size-11" />
          <span className="sr-only">{fullName(ownerProfile)}</span>
        </Link>
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">
            {meta.title} <span className="text-slate-500">({list.isSuccess ? people.length : '…'})</span>
          </h1>
          <p className="truncate text-sm text-slate-500">
            {isOwnList ? 'Your' : `${fullName(ownerProfile)}'s`} {meta.title.toLowerCase()}
          </p>
        </div>
      </div>

      <nav aria-label="Relationship lists" className="mb-4 flex gap-1 overflow-x-auto rounded-xl bg-slate-100 p-1">
        {(Object.keys(LISTS) as RelationshipList[]).map((k) => (
          <NavLink
            key={k}
            to={`${base}/${k}`}
            replace
            className={({ isActive }) =>
              clsx(
                'flex-1 whitespace-nowrap rounded-lg px-3 py-1.5 text-center text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-indigo-500',
                isActive ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600 hover:text-slate-900',
              )
            }
          >
            {LISTS[k].title}
          </NavLink>
        ))}
      </nav>

      <Card>
        {list.isPending ? (
          <div className="flex justify-center py-12 text-indigo-600">
            <Spinner className="size-6" label="Loading..." />
          </div>
        ) : list.isError ? (
          <EmptyState title={meta.loadFailed} actions={<Button onClick={() => void list.refetch()}>Try again</Button>} />
        ) : people.length === 0 ? (
          <EmptyState icon={<meta.icon className="size-6" aria-hidden="true" />} title={meta.empty} />
        ) : (
          <ul className="divide-y divide-slate-100">
            {people.map((person) => (
              <PersonRow key={idOf(person)} person={person} kind={kind} editable={isOwnList} />
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}

function PersonRow({ person, kind, editable }: { person: UserSummary; kind: RelationshipList; editable: boolean }) {
  const action = useRelationshipAction();
  const to = `/user/${encodeURIComponent(person.username)}`;
  return (
    <li className="flex items-center gap-3 px-4 py-3 sm:px-5">
      <Link to={to} className="flex min-w-0 flex-1 items-center gap-3 rounded-lg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500">
        <Avatar user={person} className="size-11" />
        <span className="min-w-0">
          <span className="block truncate font-semibold text-slate-900 hover:underline">{fullName(person)}</span>
          <span className="block truncate text-sm text-slate-500">@{person.username}</span>
          {person.tagline && <span className="block truncate text-sm text-slate-600">{person.tagline}</span>}
        </span>
      </Link>
      {editable && kind === 'followers' && (
        <Button
          variant="secondary"
          size="sm"
          loading={action.isPending}
          onClick={() => action.mutate({ action: 'remove-follower', targetId: idOf(person) })}
          icon={<UserMinus className="size-4" aria-hidden="true" />}
          aria-label={`Remove ${fullName(person)} from followers`}
        >
          Remove
        </Button>
      )}
      {editable && kind === 'following' && (
        <Button
          variant="secondary"
          size="sm"
          loading={action.isPending}
          onClick={() =>
            action.mutate({ action: 'unfollow', targetId: idOf(person), successText: 'Unfollowed successfully', failureText: 'Failed to unfollow user' })
          }
          icon={<UserMinus className="size-4" aria-hidden="true" />}
          aria-label={`Unfollow ${fullName(person)}`}
        >
          Unfollow
        </Button>
      )}
      {editable && kind === 'connections' && (
        <Button
          variant="secondary"
          size="sm"
          loading={action.isPending}
          onClick={() => action.mutate({ action: 'remove-connection', targetId: idOf(person) })}
          icon={<UserMinus className="size-4" aria-hidden="true" />}
          aria-label={`Remove ${fullName(person)} from connections`}
        >
          Remove
        </Button>
      )}
    </li>
  );
}

export const FollowersPage = () => <RelationshipListPage kind="followers" />;
export const FollowingPage = () => <RelationshipListPage kind="following" />;
export const ConnectionsPage = () => <RelationshipListPage kind="connections" />;
