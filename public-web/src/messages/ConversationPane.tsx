import { ArrowLeft, CornerUpLeft, UserX, X } from 'lucide-react';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Avatar } from '../shell/Avatar';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { notify } from '../ui/toast';
import { Composer } from './Composer';
import { HIGHLIGHT_MS, JUMP_MAX_PAGES, MESSAGES_PAGE_SIZE } from './constants';
import { ConversationBody } from './ConversationBody';
import { PresenceLabel } from './PresenceLabel';
import { partnerName, type ChatPartner, type DisplayMessage } from './types';
import { useConversation } from './useConversation';

interface ConversationPaneProps {
  me: string;
  partnerId: string;
  /** Undefined while the partner's name is still being looked up. */
  partner: ChatPartner | undefined;
  /** The id names nobody (or oneself): no conversation to show. */
  partnerMissing: boolean;
  partnerError: string | null;
  onBack(): void;
}

export const DELETE_MESSAGE_CONFIRMATION = 'Are you sure you want to delete this message? This action cannot be undone.';

/**
 * The right pane of /messages: the partner's name (to their profile) and Active/Offline, the history
 * with 'Load More Messages' (20 per page), Reply and Delete on each message, a reply bar, and the field.
 */
export function ConversationPane({ me, partnerId, partner, partnerMissing, partnerError, onBack }: ConversationPaneProps) {
  const conversation = useConversation(partnerMissing ? null : partnerId, MESSAGES_PAGE_SIZE);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const [replyTo, setReplyTo] = useState<DisplayMessage | null>(null);
  const [toDelete, setToDelete] = useState<DisplayMessage | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [highlightId, setHighlightId] = useState<string | null>(null);
  const highlightTimer = useRef<number | undefined>(undefined);
  const name = partner ? partnerName(partner) : '';
  const shortName = partner?.firstName || name || 'them';

  // On a wide screen the field takes the focus when a conversation opens (on a phone that would pop the keyboard up).
  useEffect(() => {
    if (window.matchMedia('(min-width: 768px)').matches) inputRef.current?.focus();
  }, []);
  useEffect(() => () => window.clearTimeout(highlightTimer.current), []);

  // A reply to a message that was deleted meanwhile cannot be sent.
  const { messages } = conversation;
  useEffect(() => {
    if (replyTo && !messages.some((m) => m._id === replyTo._id)) setReplyTo(null);
  }, [messages, replyTo]);

  const highlight = useCallback((id: string) => {
    setHighlightId(id);
    window.clearTimeout(highlightTimer.current);
    highlightTimer.current = window.setTimeout(() => setHighlightId(null), HIGHLIGHT_MS);
  }, []);

  const jumpTo = useCallback(
    async (id: string) => {
      if (!messages.some((m) => m._id === id)) {
        let found = false;
        for (let page = 0; page < JUMP_MAX_PAGES && !found; page++) {
          const older = await conversation.loadOlder();
          if (!older) break;
          found = older.some((m) => m._id === id);
        }
        if (!found) {
          notify.info('The original message is no longer available.');
          return;
        }
      }
      highlight(id);
    },
    [messages, conversation, highlight],
  );

  if (partnerMissing) {
    return (
      <div className="flex flex-1 flex-col">
        <PaneHeader onBack={onBack} />
        <div className="flex flex-1 flex-col items-center justify-center px-6 text-center">
          <span className="mb-4 flex size-14 items-center justify-center rounded-full bg-slate-100 text-slate-400">
            <UserX className="size-7" aria-hidden="true" />
          </span>
          <h2 className="text-lg font-semibold text-slate-900">{partnerError ?? 'User not found'}</h2>
          <p className="mt-1 text-sm text-slate-500">Pick a conversation from the list instead.</p>
        </div>
      </div>
    );
  }

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <PaneHeader onBack={onBack}>
        <Avatar user={partner ?? {}} className="size-10" textClassName="text-sm" />
        <div className="min-w-0 flex-1">
          {partner ? (
            <h2 className="truncate text-base font-semibold text-slate-900">
              <Link to={`/in/${encodeURIComponent(partner.username)}`} className="hover:text-indigo-600 hover:underline">
                {name}
              </Link>
            </h2>
          ) : (
            <span className="block h-5 w-40 animate-pulse rounded bg-slate-200" aria-hidden="true" />
          )}
          <PresenceLabel userId={partnerId} />
        </div>
      </PaneHeader>

      <ConversationBody
        className="min-h-0 flex-1 px-3 py-4 sm:px-6"
        messages={messages}
        me={me}
        partnerName={shortName}
        status={conversation.status}
        error={conversation.error}
        onRetryLoad={conversation.reload}
        hasMore={conversation.hasMore}
        loadingOlder={conversation.loadingOlder}
        onLoadOlder={() => void conversation.loadOlder()}
        loadOlderLabel="Load More Messages"
        onRetrySend={conversation.retry}
        onDiscard={conversation.discard}
        actions={{
          onReply: (message) => {
            setReplyTo(message);
            inputRef.current?.focus();
          },
          onDelete: (message) => setToDelete(message),
        }}
        highlightId={highlightId}
        onJumpTo={(id) => void jumpTo(id)}
      />

      <Composer
        label="Message"
        placeholder={replyTo ? 'Type your reply...' : 'Start a new message'}
        inputRef={inputRef}
        onEscape={() => {
          if (!replyTo) return false;
          setReplyTo(null);
          return true;
        }}
        onSend={(text) => {
          const sent = conversation.send(text, replyTo ? { _id: replyTo._id, message: replyTo.message, from: replyTo.from } : null);
          if (sent) setReplyTo(null);
          return sent;
        }}
        above={
          replyTo && (
            <div className="flex items-start gap-3 border-b border-slate-100 bg-slate-50 px-4 py-2">
              <CornerUpLeft className="mt-0.5 size-4 shrink-0 text-indigo-500" aria-hidden="true" />
              <div className="min-w-0 flex-1">
                <p className="text-xs font-semibold text-indigo-700">Replying to {replyTo.from === me ? 'yourself' : shortName}</p>
                <p className="truncate text-sm text-slate-600">{replyTo.message}</p>
              </div>
              <button
                type="button"
                aria-label="Cancel reply"
                onClick={() => {
                  setReplyTo(null);
                  inputRef.current?.focus();
                }}
                className="inline-flex size-7 shrink-0 items-center justify-center rounded-md text-slate-500 hover:bg-slate-200 hover:text-slate-700"
              >
                <X className="size-4" aria-hidden="true" />
              </button>
            </div>
          )
        }
      />

      <ConfirmDialog
        open={toDelete !== null}
        title="Delete message"
        message={DELETE_MESSAGE_CONFIRMATION}
        confirmLabel="Delete"
        tone="danger"
        loading={deleting}
        onCancel={() => setToDelete(null)}
        onConfirm={async () => {
          if (!toDelete) return;
          setDeleting(true);
          await conversation.remove(toDelete._id);
          setDeleting(false);
          setToDelete(null);
        }}
      />
    </div>
  );
}

function PaneHeader({ onBack, children }: { onBack(): void; children?: ReactNode }) {
  return (
    <div className="flex items-center gap-3 border-b border-slate-200 bg-white px-3 py-3 sm:px-4">
      <button
        type="button"
        onClick={onBack}
        aria-label="Back to conversations"
        className="inline-flex size-9 shrink-0 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 md:hidden"
      >
        <ArrowLeft className="size-5" aria-hidden="true" />
      </button>
      {children}
    </div>
  );
}
