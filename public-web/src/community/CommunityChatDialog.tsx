import clsx from 'clsx';
import { Maximize2, Minimize2, Search, Shield, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import type { CommunityMessage } from '@circuit/shared/api/community';
import { Button } from '../ui/Button';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { Dialog } from '../ui/Dialog';
import { Spinner } from '../ui/Spinner';
import { CommunityAdminPanel } from './CommunityAdminPanel';
import { CommunityComposer, type ComposerTarget } from './CommunityComposer';
import { CommunityMessageList } from './CommunityMessageList';
import { useChatScroll } from './useChatScroll';
import { useCommunityChat } from './useCommunityChat';
import { useCommunitySearch } from './useCommunitySearch';

interface Props {
  hackathonId: string;
  title: string;
  me: string;
  onClose(): void;
}

const toolButton =
  'inline-flex h-8 items-center gap-1.5 rounded-lg px-2 text-sm font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-500 aria-pressed:bg-indigo-50 aria-pressed:text-indigo-700';

/**
 * The community chat (spec 2, "Community chat"): a modal dialog that can go full screen, with
 * search, replies, edits, deletion with confirmation and, for community admins, the admin panel
 * (beside the messages on wide screens, in their place on a phone).
 */
export function CommunityChatDialog({ hackathonId, title, me, onClose }: Props) {
  const chat = useCommunityChat(hackathonId);
  const [full, setFull] = useState(false);
  const [search, setSearch] = useState<string | null>(null);
  const [panel, setPanel] = useState(false);
  const [target, setTarget] = useState<ComposerTarget>(null);
  const [toDelete, setToDelete] = useState<CommunityMessage | null>(null);
  const [deleting, setDeleting] = useState(false);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const searchId = useId();
  const found = useCommunitySearch(hackathonId, search ?? '');
  const searching = search !== null && found.active;
  const shown = searching ? found.results : chat.messages;
  const scroll = useChatScroll(shown, { hasMore: chat.hasMore, loadingOlder: chat.loadingOlder, loadOlder: () => void chat.loadOlder() });
  const showPanel = panel && chat.canModerate;

  const submit = async (text: string) => {
    if (target?.kind === 'edit') {
      const done = await chat.edit(target.message._id, text);
      if (done) setTarget(null);
      if (done && searching) found.refresh();
      return done;
    }
    const done = await chat.send(text, target?.kind === 'reply' ? target.message._id : null);
    if (done) {
      setTarget(null);
      scroll.toBottom();
    }
    return done;
  };

  const confirmDelete = async () => {
    if (!toDelete) return;
    setDeleting(true);
    await chat.remove(toDelete._id);
    if (searching) found.refresh();
    setDeleting(false);
    setToDelete(null);
  };

  const ready = chat.status === 'ready';
  // The dialog opens on a spinner: the field takes the focus once the messages are in.
  useEffect(() => {
    if (ready) inputRef.current?.focus();
  }, [ready]);

  return (
    <Dialog
      open
      onClose={onClose}
      size={full ? 'full' : 'xl'}
      title="Community Chat"
      description={title}
      className={full ? undefined : 'h-[min(88dvh,46rem)]'}
      bodyClassName="flex flex-col overflow-hidden"
      footer={
        ready ? (
          // On a phone the admin panel takes the messages' place, and the field goes with them.
          <div className={showPanel ? 'hidden w-full md:block' : 'w-full'}>
            <CommunityComposer target={target} onCancelTarget={() => setTarget(null)} onSubmit={submit} busy={chat.sending} inputRef={inputRef} />
          </div>
        ) : undefined
      }
    >
      <div className="flex flex-wrap items-center gap-1 border-b border-slate-100 px-3 py-2 sm:px-5">
        {ready && (
          <button type="button" className={toolButton} aria-pressed={search !== null} onClick={() => setSearch((s) => (s === null ? '' : null))}>
            <Search className="size-4" aria-hidden="true" /> Search
          </button>
        )}
        {ready && chat.canModerate && (
          <button type="button" className={toolButton} aria-pressed={panel} aria-controls={`${searchId}-panel`} onClick={() => setPanel((p) => !p)}>
            <Shield className="size-4" aria-hidden="true" /> Admin panel
          </button>
        )}
        <button type="button" className={clsx(toolButton, 'ml-auto')} onClick={() => setFull((f) => !f)}>
          {full ? <Minimize2 className="size-4" aria-hidden="true" /> : <Maximize2 className="size-4" aria-hidden="true" />}
          {full ? 'Exit full screen' : 'Full screen'}
        </button>
      </div>
      {search !== null && ready && (
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1 border-b border-slate-100 px-3 py-2 sm:flex-nowrap sm:px-5">
          <label htmlFor={searchId} className="sr-only">
            Search messages
          </label>
          <input
            id={searchId}
            type="search"
            autoFocus
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Escape' && search) {
                e.stopPropagation();
                setSearch('');
              }
            }}
            placeholder="Search messages"
            className="h-9 min-w-0 flex-1 rounded-lg border border-slate-300 px-3 text-sm focus:outline-2 focus:outline-indigo-500"
          />
          <span className="order-last w-full shrink-0 text-xs text-slate-500 sm:order-none sm:w-auto" aria-live="polite">
            {searchStatus(search, found)}
          </span>
          <button type="button" onClick={() => setSearch(null)} className="rounded p-1 text-slate-500 hover:bg-slate-100">
            <X className="size-4" aria-hidden="true" />
            <span className="sr-only">Close search</span>
          </button>
        </div>
      )}
      {chat.status === 'loading' && <Spinner label="Loading messages..." />}
      {chat.status === 'refused' && <p className="m-5 rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900">{chat.error}</p>}
      {chat.status === 'error' && (
        <p className="m-5 text-sm text-slate-700">
          {chat.error}{' '}
          <Button size="sm" variant="secondary" onClick={chat.reload}>
            Try again
          </Button>
        </p>
      )}
      {ready && (
        <div className="flex min-h-0 flex-1">
          <div className={clsx('min-h-0 min-w-0 flex-1 flex-col', showPanel ? 'hidden md:flex' : 'flex')}>
            <CommunityMessageList
              messages={shown}
              me={me}
              canModerate={chat.canModerate}
              searching={searching}
              hasMore={!searching && chat.hasMore}
              loadingOlder={chat.loadingOlder}
              highlighted={scroll.highlighted}
              listRef={scroll.listRef}
              onScroll={scroll.onScroll}
              onLoadOlder={scroll.older}
              onReply={(m) => setTarget({ kind: 'reply', message: m })}
              onEdit={(m) => setTarget({ kind: 'edit', message: m })}
              onDelete={setToDelete}
              onJumpTo={(id) => {
                setSearch(null);
                window.setTimeout(() => scroll.jumpTo(id), 0);
              }}
            />
          </div>
          {showPanel && (
            <aside id={`${searchId}-panel`} aria-label="Admin panel" className="min-h-0 w-full overflow-y-auto border-slate-100 px-4 py-3 md:w-80 md:border-l">
              <CommunityAdminPanel hackathonId={hackathonId} me={me} />
            </aside>
          )}
        </div>
      )}
      <ConfirmDialog
        open={toDelete !== null}
        title="Delete this message?"
        message="It will be removed for everyone in the community. This cannot be undone."
        confirmLabel="Delete"
        tone="danger"
        loading={deleting}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setToDelete(null)}
      />
    </Dialog>
  );
}

/** What the search line says: nothing before a term, then the count of matches in the whole chat. */
function searchStatus(term: string, found: { pending: boolean; failed: boolean; total: number; results: unknown[] }): string {
  if (!term.trim()) return '';
  if (found.pending) return 'Searching...';
  if (found.failed) return 'Search failed. Try again.';
  return found.total > found.results.length ? `${found.total} found, newest ${found.results.length} shown` : `${found.total} found`;
}
