import { useQuery, useQueryClient } from '@tanstack/react-query';
import clsx from 'clsx';
import { LogIn, MessageSquare, RefreshCw, Search, X } from 'lucide-react';
import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { messageOf } from '../auth/apiClient';
import { useAuth } from '../auth/AuthContext';
import { userId as idOf } from '../auth/types';
import { presenceKeys, unreadKeys } from '../realtime/keys';
import { useSocketEvent, useSocketReconnected } from '../realtime/socketContext';
import { useConnectionsOnline } from '../realtime/useOnlineStatus';
import { useUnreadCounts } from '../realtime/useUnreadCounts';
import { Button, ButtonLink } from '../ui/Button';
import { StateScreen } from '../ui/EmptyState';
import { PageSpinner, Spinner } from '../ui/Spinner';
import { useDocumentTitle } from '../ui/useDocumentTitle';
import { SEARCH_MIN_LENGTH } from './constants';
import { connectionSearch } from './connectionSearch';
import { ConnectionResults, ConversationList } from './ConversationList';
import { ConversationPane } from './ConversationPane';
import { messageKeys } from './keys';
import { messagesApi } from './messagesApi';
import type { ChatMessage, ChatPartner, MessageThread } from './types';
import { LoginButtonLink } from '../auth/LoginLinks';

/** /messages (spec section 2, "Messages"); /messages?user={id} opens that conversation. */
export function MessagesPage() {
  useDocumentTitle('Messages');
  const { state } = useAuth();
  if (state.status === 'loading') return <PageSpinner />;
  if (state.status === 'unauthenticated') {
    return (
      <StateScreen
        icon={<MessageSquare className="size-7" aria-hidden="true" />}
        title="Sign in to see your messages"
        actions={
          <LoginButtonLink>
            <LogIn className="size-4" aria-hidden="true" />
            Sign in
          </LoginButtonLink>
        }
      >
        Chat in real time with the people you are connected with.
      </StateScreen>
    );
  }
  return <MessagesScreen me={idOf(state.user)} />;
}

function MessagesScreen({ me }: { me: string }) {
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const selectedId = params.get('user') || null;
  const [search, setSearch] = useState('');
  const searchRef = useRef<HTMLInputElement>(null);
  const searching = search.trim().length >= SEARCH_MIN_LENGTH;

  const threads = useQuery({ queryKey: messageKeys.threads, queryFn: ({ signal }) => messagesApi.threads(signal) });
  const connections = useQuery({
    queryKey: messageKeys.connections,
    queryFn: ({ signal }) => messagesApi.connections(signal),
    enabled: searching,
    staleTime: 60_000,
  });
  const { counts, loaded: countsLoaded } = useUnreadCounts();
  const online = useConnectionsOnline();

  // Who the selected conversation is with: from the list, the connections, or else their profile.
  const known = useMemo<ChatPartner | undefined>(() => {
    if (!selectedId) return undefined;
    return threads.data?.find((t) => t.user.id === selectedId)?.user ?? connections.data?.find((u) => u.id === selectedId);
  }, [selectedId, threads.data, connections.data]);
  const partnerQuery = useQuery({
    queryKey: messageKeys.partner(selectedId ?? ''),
    queryFn: ({ signal }) => messagesApi.user(selectedId!, signal),
    enabled: Boolean(selectedId) && !known && selectedId !== me && !threads.isPending,
    staleTime: 5 * 60_000,
  });
  const partner = known ?? partnerQuery.data ?? undefined;

  const select = useCallback(
    (user: ChatPartner) => {
      setSearch('');
      if (user.id !== selectedId) setParams({ user: user.id });
    },
    [selectedId, setParams],
  );
  const backToList = useCallback(() => setParams({}), [setParams]);

  // The list follows live messages: the conversation moves to the top with its new last message.
  useSocketEvent('private_message', (message: ChatMessage) => {
    const other = message.from === me ? message.to : message.from;
    let found = false;
    queryClient.setQueryData<MessageThread[]>(messageKeys.threads, (rows) => {
      if (!rows) return rows;
      const index = rows.findIndex((row) => row.user.id === other);
      if (index < 0) return rows;
      found = true;
      const row: MessageThread = { ...rows[index]!, lastMessage: { message: message.message, createdAt: message.createdAt, from: message.from } };
      return [row, ...rows.slice(0, index), ...rows.slice(index + 1)];
    });
    if (!found) void queryClient.invalidateQueries({ queryKey: messageKeys.threads });
  });
  useSocketEvent('message_deleted', () => void queryClient.invalidateQueries({ queryKey: messageKeys.threads }));
  // Messages sent while the socket was away (or before it first connected) are not in the list it holds.
  useSocketReconnected(() => void queryClient.invalidateQueries({ queryKey: messageKeys.threads }));

  const unread = useCallback(
    (partnerId: string, thread: MessageThread) => (countsLoaded ? (counts[partnerId] ?? 0) : (thread.unreadCount ?? 0)),
    [counts, countsLoaded],
  );

  const results = useMemo(() => (searching && connections.data ? connectionSearch(connections.data, search) : []), [searching, connections.data, search]);

  let listContent;
  if (searching) {
    if (connections.isPending) {
      listContent = (
        <div className="flex justify-center py-10 text-indigo-600">
          <Spinner className="size-6" label="Searching connections..." />
        </div>
      );
    } else if (connections.isError) {
      listContent = (
        <ListNote>
          Could not load your connections.{' '}
          <button type="button" className="font-semibold text-indigo-600" onClick={() => void connections.refetch()}>
            Try again
          </button>
        </ListNote>
      );
    } else if (connections.data === null) {
      listContent = <ListNote>Searching your connections is not available right now.</ListNote>;
    } else if (results.length === 0) {
      listContent = <ListNote>No connections match “{search.trim()}”.</ListNote>;
    } else {
      listContent = <ConnectionResults users={results} online={online} onSelect={select} />;
    }
  } else if (threads.isPending) {
    listContent = (
      <div className="flex justify-center py-10 text-indigo-600">
        <Spinner className="size-6" label="Loading conversations..." />
      </div>
    );
  } else if (threads.isError) {
    listContent = (
      <ListNote>
        <span role="alert">{messageOf(threads.error, 'Failed to load conversations')}</span>{' '}
        <button type="button" className="font-semibold text-indigo-600" onClick={() => void threads.refetch()}>
          Try again
        </button>
      </ListNote>
    );
  } else if (threads.data.length === 0) {
    listContent = (
      <div className="px-6 py-12 text-center">
        <p className="text-sm font-semibold text-slate-900">No messages.</p>
        <p className="mt-1 text-sm text-slate-500">Search your connections above to start a conversation.</p>
      </div>
    );
  } else {
    listContent = <ConversationList threads={threads.data} me={me} selectedId={selectedId} unread={unread} online={online} onSelect={select} />;
  }

  return (
    <div className="mx-auto flex h-[calc(100dvh-4rem-1px)] w-full max-w-7xl overflow-hidden bg-white md:my-0 md:border-x md:border-slate-200">
      {/* Left column: search, refresh, conversations. On phones it is the first of two views. */}
      <section aria-label="Conversations" className={clsx('min-h-0 w-full flex-col border-slate-200 md:flex md:w-80 md:border-r lg:w-96', selectedId ? 'hidden' : 'flex')}>
        <div className="flex items-center justify-between gap-2 px-4 pb-2 pt-4">
          <h1 className="text-xl font-bold tracking-tight text-slate-900">Messages</h1>
          <button
            type="button"
            aria-label="Refresh conversations"
            title="Refresh"
            onClick={() => {
              void threads.refetch();
              void queryClient.invalidateQueries({ queryKey: unreadKeys.counts });
              void queryClient.invalidateQueries({ queryKey: presenceKeys.all });
              if (searching) void connections.refetch();
            }}
            className="inline-flex size-9 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 hover:text-slate-900"
          >
            <RefreshCw className={clsx('size-4.5', threads.isFetching && 'animate-spin')} aria-hidden="true" />
          </button>
        </div>
        <div className="px-4 pb-3">
          <div className="relative">
            <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-400" aria-hidden="true" />
            <input
              ref={searchRef}
              type="search"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === 'Escape' && search) {
                  event.preventDefault();
                  setSearch('');
                }
              }}
              aria-label="Search connections"
              aria-describedby="messages-search-hint"
              placeholder="Search connections..."
              className="h-10 w-full rounded-xl border-0 bg-slate-100 pl-9 pr-9 text-sm text-slate-900 placeholder:text-slate-500 focus:bg-white focus:outline-2 focus:outline-indigo-500 [&::-webkit-search-cancel-button]:hidden"
            />
            {search && (
              <button
                type="button"
                aria-label="Clear search"
                onClick={() => {
                  setSearch('');
                  searchRef.current?.focus();
                }}
                className="absolute right-2 top-1/2 inline-flex size-6 -translate-y-1/2 items-center justify-center rounded-md text-slate-400 hover:bg-slate-200 hover:text-slate-600"
              >
                <X className="size-4" aria-hidden="true" />
              </button>
            )}
          </div>
          <p id="messages-search-hint" className={clsx('mt-1.5 px-1 text-xs text-slate-500', search.trim().length === 1 ? 'block' : 'sr-only')}>
            Type at least {SEARCH_MIN_LENGTH} characters to search your connections.
          </p>
        </div>
        <div className="min-h-0 flex-1 overflow-y-auto border-t border-slate-100">{listContent}</div>
      </section>

      {/* Right pane: the open conversation. On phones, the second view with a back button. */}
      <section aria-label="Conversation" className={clsx('min-h-0 flex-1 flex-col bg-slate-50 md:flex', selectedId ? 'flex' : 'hidden')}>
        {selectedId ? (
          <ConversationPane
            key={selectedId}
            me={me}
            partnerId={selectedId}
            partner={partner}
            partnerMissing={!partner && (partnerQuery.isError || selectedId === me)}
            partnerError={selectedId === me ? 'You cannot message yourself.' : partnerQuery.isError ? messageOf(partnerQuery.error, 'User not found') : null}
            onBack={backToList}
          />
        ) : (
          <div className="flex flex-1 flex-col items-center justify-center px-6 text-center">
            <span className="mb-4 flex size-14 items-center justify-center rounded-full bg-indigo-50 text-indigo-600">
              <MessageSquare className="size-7" aria-hidden="true" />
            </span>
            <h2 className="text-lg font-semibold text-slate-900">Select a conversation</h2>
            <p className="mt-1 max-w-sm text-sm text-slate-500">Choose someone on the left, or search your connections to start chatting.</p>
            <Button variant="secondary" size="sm" className="mt-5" onClick={() => searchRef.current?.focus()}>
              Search connections
            </Button>
          </div>
        )}
      </section>
    </div>
  );
}

function ListNote({ children }: { children: ReactNode }) {
  return <p className="px-6 py-10 text-center text-sm text-slate-500">{children}</p>;
}
