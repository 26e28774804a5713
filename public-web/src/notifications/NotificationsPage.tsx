import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import clsx from 'clsx';
import { Bell, BellOff, Check, CheckCheck, LockKeyhole, Settings, Trash2, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { messageOf } from '../auth/apiClient';
import { useAuth } from '../auth/AuthContext';
import { userId } from '../auth/types';
import { relationshipKeys } from '../relationships/relationshipApi';
import { useRelationshipAction } from '../relationships/useRelationshipAction';
import { Avatar } from '../shell/Avatar';
import { headerCountKeys } from '../shell/headerCounts';
import { Button, ButtonLink } from '../ui/Button';
import { Card } from '../ui/Card';
import { EmptyState, StateScreen } from '../ui/EmptyState';
import { PageSpinner } from '../ui/Spinner';
import { notify } from '../ui/toast';
import { useDocumentTitle } from '../ui/useDocumentTitle';
import { fullName } from '../users/types';
import { notificationKeys, notificationsApi, type AppNotification } from './notificationsApi';
import { relativeTime } from './relativeTime';
import { formatDateTime } from '../hackathons/labels';
import { LoginButtonLink } from '../auth/LoginLinks';

/** The text of a notification: the server's, else one made from its type. */
export function notificationText(n: AppNotification): string {
  if (n.message?.trim()) return n.message;
  const name = n.from ? fullName(n.from) : 'Someone';
  switch (n.type) {
    case 'connection_request':
      return `${name} sent you a connection request`;
    case 'connection_request_sent':
      return `You sent a connection request to ${name}`;
    case 'connection_accepted':
      return n.isOutgoing ? `You accepted ${name}'s connection request` : `${name} accepted your connection request`;
    case 'connection_rejected':
      return n.isOutgoing ? `You rejected ${name}'s connection request` : `${name} rejected your connection request`;
    case 'follow':
      return `${name} started following you`;
    case 'hackathon_approved':
      return 'Your hackathon was approved and is now live';
    case 'hackathon_rejected':
      return 'Your hackathon was not approved';
    case 'hackathon_announcement':
      return 'A hackathon you joined posted an announcement';
    case 'event_approved':
      return 'Your event was approved and is now live';
    case 'event_rejected':
      return 'Your event was not approved';
    case 'event_place_offered':
      return 'A place freed up at an event you are waitlisted for';
    case 'quiz_approved':
      return 'Your quiz was approved and is now live';
    case 'quiz_rejected':
      return 'Your quiz was not approved';
    case 'quiz_regraded':
      return 'A quiz you took was re-graded';
    case 'listing_reminder':
      return 'A reminder about a listing';
  }
}

const STATUS_STYLES = {
  pending: 'bg-amber-50 text-amber-700 ring-amber-200',
  accepted: 'bg-emerald-50 text-emerald-700 ring-emerald-200',
  rejected: 'bg-slate-100 text-slate-600 ring-slate-200',
} as const;

/** /notifications (spec section 2): opening it marks everything read on the server. */
export function NotificationsPage() {
  useDocumentTitle('Notifications');
  const { state } = useAuth();
  if (state.status === 'loading') return <PageSpinner />;
  if (state.status === 'unauthenticated') {
    return (
      <StateScreen icon={<LockKeyhole className="size-7" aria-hidden="true" />} title="Authentication Required" actions={<LoginButtonLink>Go to Login</LoginButtonLink>}>
        Please sign in to see your notifications.
      </StateScreen>
    );
  }
  return <Notifications meId={userId(state.user)} />;
}

function Notifications({ meId }: { meId: string }) {
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: notificationKeys.list, queryFn: ({ signal }) => notificationsApi.list(signal) });
  const notifications = query.data ?? [];
  const unread = notifications.filter((n) => !n.read).length;

  const toasted = useRef<unknown>(null);
  useEffect(() => {
    if (query.isError && toasted.current !== query.error) {
      toasted.current = query.error;
      notify.error('Failed to load notifications');
    }
  }, [query.isError, query.error]);

  const setList = (update: (list: AppNotification[]) => AppNotification[]) =>
    queryClient.setQueryData<AppNotification[]>(notificationKeys.list, (list) => (list ? update(list) : list));
  const refreshBadge = () => queryClient.invalidateQueries({ queryKey: headerCountKeys.notifications });

  const markAll = useMutation({
    mutationFn: () => notificationsApi.markAllRead(),
    onSuccess: () => {
      setList((list) => list.map((n) => ({ ...n, read: true })));
      void refreshBadge();
    },
  });

  // Opening the page marks all notifications read on the server (the header badge clears); this visit
  // still highlights what was new, until the list is next read.
  const markedOnOpen = useRef(false);
  useEffect(() => {
    if (markedOnOpen.current || !query.isSuccess) return;
    markedOnOpen.current = true;
    if (query.data.some((n) => !n.read)) {
      notificationsApi
        .markAllRead()
        .then(() => refreshBadge())
        .catch((error: unknown) => console.warn('Marking notifications read on open failed', error));
    }
  }, [query.isSuccess]);

  if (query.isPending) return <PageSpinner label="Loading notifications..." />;

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6">
      <div className="mb-5 flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="flex items-center gap-2 text-2xl font-bold tracking-tight text-slate-900">
            Notifications
            <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-sm font-semibold text-slate-600">{notifications.length}</span>
          </h1>
          {unread > 0 && <p className="mt-1 text-sm text-slate-600">{unread} unread</p>}
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <ButtonLink to="/settings/notifications" variant="ghost" size="sm">
            <Settings className="size-4" aria-hidden="true" />
            Settings
          </ButtonLink>
          {unread > 0 && (
            <Button
              variant="secondary"
              size="sm"
              loading={markAll.isPending}
              onClick={() =>
                markAll.mutate(undefined, { onError: (error) => notify.error(messageOf(error, 'Failed to mark all notifications as read')) })
              }
              icon={<CheckCheck className="size-4" aria-hidden="true" />}
            >
              Mark all as read
            </Button>
          )}
        </div>
      </div>

      <Card>
        {query.isError ? (
          <EmptyState title="Failed to load notifications" actions={<Button onClick={() => void query.refetch()}>Try again</Button>} />
        ) : notifications.length === 0 ? (
          <EmptyState icon={<BellOff className="size-6" aria-hidden="true" />} title="No notifications">
            You&apos;re all caught up!
          </EmptyState>
        ) : (
          <ul className="divide-y divide-slate-100">
            {notifications.map((n) => (
              <NotificationItem key={n._id} notification={n} meId={meId} setList={setList} refreshBadge={refreshBadge} />
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}

function NotificationItem({
  notification: n,
  meId,
  setList,
  refreshBadge,
}: {
  notification: AppNotification;
  meId: string;
  setList(update: (list: AppNotification[]) => AppNotification[]): void;
  refreshBadge(): Promise<void>;
}) {
  const queryClient = useQueryClient();
  const respond = useRelationshipAction();
  const [responding, setResponding] = useState(false);
  const sender = n.from;
  const senderId = sender ? sender._id : '';
  const senderLink = sender ? `/user/${encodeURIComponent(sender.username)}` : null;
  const incomingPending = n.type === 'connection_request' && n.status === 'pending' && !n.isOutgoing;

  const markRead = useMutation({
    mutationFn: () => notificationsApi.markRead(n._id),
    onSuccess: () => {
      setList((list) => list.map((x) => (x._id === n._id ? { ...x, read: true } : x)));
      void refreshBadge();
    },
    // Failure is silent (spec section 7).
    onError: (error) => console.warn('Mark as read failed', error),
  });

  const remove = useMutation({
    mutationFn: () => notificationsApi.remove(n._id),
    onSuccess: () => {
      setList((list) => list.filter((x) => x._id !== n._id));
      void refreshBadge();
    },
    onError: (error) => notify.error(messageOf(error, 'Failed to delete notification')),
  });

  /** Accept or Reject: ignored while this item's request is in progress; both also mark it read. */
  const answer = (action: 'accept-connection' | 'reject-connection') => {
    if (responding || !senderId) return;
    if (senderId === meId) {
      notify.error('Invalid operation');
      return;
    }
    setResponding(true);
    respond.mutate(
      { action, targetId: senderId },
      {
        onSuccess: () => {
          setList((list) =>
            list.map((x) => (x._id === n._id ? { ...x, read: true, status: action === 'accept-connection' ? 'accepted' : 'rejected' } : x)),
          );
          void queryClient.invalidateQueries({ queryKey: relationshipKeys.all });
        },
        onSettled: () => setResponding(false),
      },
    );
  };

  const name = sender ? fullName(sender) : 'Someone';
  return (
    <li className={clsx('flex gap-3 px-4 py-4 sm:px-5', !n.read && 'bg-indigo-50/50')}>
      {senderLink ? (
        <Link to={senderLink} className="shrink-0 self-start rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500">
          <Avatar user={sender ?? {}} className="size-11" />
          <span className="sr-only">{name}</span>
        </Link>
      ) : (
        <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-slate-100 text-slate-400">
          <Bell className="size-5" aria-hidden="true" />
        </span>
      )}
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <p className="text-sm text-slate-800">
            {n.link ? (
              <Link to={n.link} className="hover:text-indigo-700 hover:underline">
                {notificationText(n)}
              </Link>
            ) : (
              <MessageWithSender text={notificationText(n)} name={name} link={senderLink} />
            )}
          </p>
          {!n.read && <span className="rounded-full bg-indigo-600 px-2 py-0.5 text-[11px] font-bold uppercase tracking-wide text-white">New</span>}
        </div>
        <div className="mt-1 flex flex-wrap items-center gap-2 text-xs text-slate-500">
          <time dateTime={n.createdAt} title={formatDateTime(n.createdAt)}>
            {relativeTime(n.createdAt)}
          </time>
          {n.status && (
            <span className={clsx('rounded-full px-2 py-0.5 text-[11px] font-semibold capitalize ring-1 ring-inset', STATUS_STYLES[n.status])}>{n.status}</span>
          )}
        </div>
        {incomingPending && (
          <div className="mt-3 flex gap-2">
            <Button
              size="sm"
              aria-busy={responding || undefined}
              loading={responding && respond.variables?.action === 'accept-connection'}
              disabled={responding}
              onClick={() => answer('accept-connection')}
              icon={<Check className="size-4" aria-hidden="true" />}
            >
              Accept
            </Button>
            <Button
              size="sm"
              variant="secondary"
              loading={responding && respond.variables?.action === 'reject-connection'}
              disabled={responding}
              onClick={() => answer('reject-connection')}
              icon={<X className="size-4" aria-hidden="true" />}
            >
              Reject
            </Button>
          </div>
        )}
      </div>
      <div className="flex shrink-0 items-start gap-1">
        {!n.read && (
          <button
            type="button"
            onClick={() => markRead.mutate()}
            disabled={markRead.isPending}
            title="Mark as read"
            className="rounded-lg p-2 text-slate-400 hover:bg-slate-100 hover:text-indigo-600 disabled:opacity-50 focus-visible:outline-2 focus-visible:outline-indigo-500"
          >
            <Check className="size-4" aria-hidden="true" />
            <span className="sr-only">Mark as read</span>
          </button>
        )}
        <button
          type="button"
          onClick={() => remove.mutate()}
          disabled={remove.isPending}
          title="Delete notification"
          className="rounded-lg p-2 text-slate-400 hover:bg-red-50 hover:text-red-600 disabled:opacity-50 focus-visible:outline-2 focus-visible:outline-indigo-500"
        >
          <Trash2 className="size-4" aria-hidden="true" />
          <span className="sr-only">Delete notification</span>
        </button>
      </div>
    </li>
  );
}

/** The message with the sender's name in it made a link to their profile (or the link first, when absent). */
function MessageWithSender({ text, name, link }: { text: string; name: string; link: string | null }) {
  if (!link) return <>{text}</>;
  const nameLink = (
    <Link to={link} className="font-semibold text-slate-900 hover:underline">
      {name}
    </Link>
  );
  const at = name ? text.indexOf(name) : -1;
  if (at < 0) {
    return (
      <>
        {nameLink} · {text}
      </>
    );
  }
  return (
    <>
      {text.slice(0, at)}
      {nameLink}
      {text.slice(at + name.length)}
    </>
  );
}
