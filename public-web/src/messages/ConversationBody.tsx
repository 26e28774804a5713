import clsx from 'clsx';
import { AlertCircle, Clock, CornerUpLeft, Trash2 } from 'lucide-react';
import { Fragment, useCallback, useEffect, useLayoutEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { Button } from '../ui/Button';
import { Spinner } from '../ui/Spinner';
import { chatDayKey, formatChatExact, formatChatTime, formatDaySeparator } from './chatTime';
import { ACTION_BAR_MS } from './constants';
import { isLocal, type DisplayMessage } from './types';

export interface MessageActions {
  onReply(message: DisplayMessage): void;
  /** Only offered on one's own (confirmed) messages. */
  onDelete(message: DisplayMessage): void;
}

interface ConversationBodyProps {
  messages: DisplayMessage[];
  me: string;
  /** First name (or name) of the other side, for reply quotes and announcements. */
  partnerName: string;
  status: 'idle' | 'loading' | 'ready' | 'error';
  error: string | null;
  onRetryLoad(): void;
  hasMore: boolean;
  loadingOlder: boolean;
  onLoadOlder(): void;
  loadOlderLabel: string;
  onRetrySend(localId: string): void;
  onDiscard(localId: string): void;
  /** Reply / Delete action bar (the messages page); none in the profile dialog. */
  actions?: MessageActions;
  /** A replied message to bring into view and highlight. */
  highlightId?: string | null;
  onJumpTo?(messageId: string): void;
  className?: string;
}

const NEAR_BOTTOM_PX = 120;

export const messageElementId = (id: string) => `chat-message-${id}`;

/**
 * The scrolling list of a conversation: an older-messages control on top, messages grouped by their
 * viewer's day under date separators, own messages on the right. It keeps the reading position when
 * older pages come in, follows new messages when the reader is at the bottom (or sent them), and
 * announces the partner's new messages to screen readers.
 */
export function ConversationBody({
  messages,
  me,
  partnerName,
  status,
  error,
  onRetryLoad,
  hasMore,
  loadingOlder,
  onLoadOlder,
  loadOlderLabel,
  onRetrySend,
  onDiscard,
  actions,
  highlightId,
  onJumpTo,
  className,
}: ConversationBodyProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const nearBottom = useRef(true);
  const previous = useRef<{ firstId?: string; lastId?: string; height: number }>({ height: 0 });
  const [announcement, setAnnouncement] = useState('');

  // Scroll keeping: older pages keep the view still; new messages at the end are followed.
  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (!el) return;
    const first = messages[0];
    const last = messages[messages.length - 1];
    const prev = previous.current;
    if (prev.firstId && first && first._id !== prev.firstId && messages.some((m, i) => i > 0 && m._id === prev.firstId)) {
      el.scrollTop += el.scrollHeight - prev.height;
    } else if (last && last._id !== prev.lastId) {
      const initial = prev.lastId === undefined;
      if (initial || nearBottom.current || last.from === me) el.scrollTop = el.scrollHeight;
      if (!initial && last.from !== me && !isLocal(last)) setAnnouncement(`New message from ${partnerName}: ${last.message}`);
    }
    previous.current = { firstId: first?._id, lastId: last?._id, height: el.scrollHeight };
  }, [messages, me, partnerName]);

  // A jumped-to message is brought into view once it is in the list.
  const jumpedTo = useRef<string | null>(null);
  useEffect(() => {
    if (!highlightId) {
      jumpedTo.current = null;
      return;
    }
    if (jumpedTo.current === highlightId) return;
    const el = document.getElementById(messageElementId(highlightId));
    if (!el) return;
    jumpedTo.current = highlightId;
    el.scrollIntoView({ block: 'center', behavior: 'smooth' });
  }, [highlightId, messages]);

  // The action bar: shown on hover, click or focus of a message, for 3 s.
  const [actionFor, setActionFor] = useState<string | null>(null);
  const actionTimer = useRef<number | undefined>(undefined);
  const barRef = useRef<HTMLDivElement>(null);
  const hideLater = useCallback(() => {
    window.clearTimeout(actionTimer.current);
    actionTimer.current = window.setTimeout(function hide() {
      // Not while the keyboard is on one of its buttons.
      if (barRef.current?.contains(document.activeElement)) {
        actionTimer.current = window.setTimeout(hide, ACTION_BAR_MS);
        return;
      }
      setActionFor(null);
    }, ACTION_BAR_MS);
  }, []);
  const showActions = useCallback(
    (id: string) => {
      setActionFor(id);
      hideLater();
    },
    [hideLater],
  );
  useEffect(() => () => window.clearTimeout(actionTimer.current), []);

  let body: ReactNode;
  if (status === 'loading' || status === 'idle') {
    body = (
      <div className="flex h-full items-center justify-center text-indigo-600">
        <Spinner className="size-6" label="Loading messages..." />
      </div>
    );
  } else if (status === 'error') {
    body = (
      <div className="flex h-full flex-col items-center justify-center gap-3 px-4 text-center">
        <p className="text-sm text-slate-600" role="alert">
          {error ?? 'Failed to load messages'}
        </p>
        <Button variant="secondary" size="sm" onClick={onRetryLoad}>
          Try again
        </Button>
      </div>
    );
  } else if (messages.length === 0) {
    body = (
      <div className="flex h-full items-center justify-center px-4">
        <p className="text-sm text-slate-500">No messages yet.</p>
      </div>
    );
  } else {
    let lastDay = '';
    body = (
      <>
        {hasMore && (
          <div className="flex justify-center pb-3">
            <Button variant="secondary" size="sm" onClick={onLoadOlder} loading={loadingOlder}>
              {loadOlderLabel}
            </Button>
          </div>
        )}
        <ol className="flex flex-col gap-1.5" aria-label="Messages">
          {messages.map((message, index) => {
            const day = chatDayKey(message.createdAt);
            const separator = day !== lastDay;
            lastDay = day;
            // A run of messages from one side within the same minute shows its time once, under the last.
            const next = messages[index + 1];
            const timeShown = !next || next.from !== message.from || formatChatTime(next.createdAt) !== formatChatTime(message.createdAt) || chatDayKey(next.createdAt) !== day;
            return (
              <Fragment key={message._id}>
                {separator && (
                  <li className="flex items-center gap-3 py-3">
                    <span className="h-px flex-1 bg-slate-200" aria-hidden="true" />
                    <span className="text-xs font-semibold text-slate-500">{formatDaySeparator(day)}</span>
                    <span className="h-px flex-1 bg-slate-200" aria-hidden="true" />
                  </li>
                )}
                <MessageRow
                  message={message}
                  me={me}
                  partnerName={partnerName}
                  timeShown={timeShown}
                  highlighted={highlightId === message._id}
                  actionsShown={actionFor === message._id}
                  onShowActions={actions ? showActions : undefined}
                  barRef={barRef}
                  actions={actions}
                  onJumpTo={onJumpTo}
                  onRetrySend={onRetrySend}
                  onDiscard={onDiscard}
                />
              </Fragment>
            );
          })}
        </ol>
      </>
    );
  }

  return (
    <div
      ref={scrollRef}
      className={clsx('overflow-y-auto overscroll-contain', className)}
      onScroll={(event) => {
        const el = event.currentTarget;
        nearBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < NEAR_BOTTOM_PX;
      }}
    >
      {body}
      <p className="sr-only" aria-live="polite">
        {announcement}
      </p>
    </div>
  );
}

interface MessageRowProps {
  message: DisplayMessage;
  me: string;
  partnerName: string;
  timeShown: boolean;
  highlighted: boolean;
  actionsShown: boolean;
  onShowActions?: (id: string) => void;
  barRef: RefObject<HTMLDivElement | null>;
  actions?: MessageActions;
  onJumpTo?: (messageId: string) => void;
  onRetrySend(localId: string): void;
  onDiscard(localId: string): void;
}

function MessageRow({
  message,
  me,
  partnerName,
  timeShown,
  highlighted,
  actionsShown,
  onShowActions,
  barRef,
  actions,
  onJumpTo,
  onRetrySend,
  onDiscard,
}: MessageRowProps) {
  const local = isLocal(message) ? message : null;
  const canAct = Boolean(actions && onShowActions && !local);
  const show = canAct ? () => onShowActions?.(message._id) : undefined;
  const mine = message.from === me;
  const quotedAuthor = message.replyTo?.from === me ? 'You' : partnerName;

  return (
    <li id={messageElementId(message._id)} className={clsx('flex scroll-my-16', mine ? 'justify-end' : 'justify-start')}>
      <div className={clsx('relative flex max-w-[85%] flex-col sm:max-w-[75%]', mine ? 'items-end' : 'items-start')}>
        {canAct && actionsShown && (
          <div
            ref={barRef}
            role="group"
            aria-label="Message actions"
            onMouseEnter={show}
            className={clsx(
              'absolute -top-9 z-10 flex items-center gap-0.5 rounded-lg bg-white p-0.5 shadow-md ring-1 ring-slate-200 animate-fade-in',
              mine ? 'right-0' : 'left-0',
            )}
          >
            <button
              type="button"
              onClick={() => actions?.onReply(message)}
              className="inline-flex items-center gap-1 rounded-md px-2 py-1 text-xs font-semibold text-slate-700 hover:bg-slate-100"
            >
              <CornerUpLeft className="size-3.5" aria-hidden="true" />
              Reply
            </button>
            {mine && (
              <button
                type="button"
                onClick={() => actions?.onDelete(message)}
                className="inline-flex items-center gap-1 rounded-md px-2 py-1 text-xs font-semibold text-red-600 hover:bg-red-50"
              >
                <Trash2 className="size-3.5" aria-hidden="true" />
                Delete
              </button>
            )}
          </div>
        )}

        <div
          tabIndex={canAct ? 0 : undefined}
          onMouseEnter={show}
          onClick={show}
          onFocus={show}
          onKeyDown={(event) => {
            if (canAct && (event.key === 'Enter' || event.key === ' ') && event.target === event.currentTarget) {
              event.preventDefault();
              show?.();
            }
          }}
          className={clsx(
            'rounded-2xl px-3.5 py-2 text-sm shadow-sm transition-[box-shadow,background-color] duration-300',
            mine ? 'rounded-br-md' : 'rounded-bl-md',
            local?.state === 'failed' ? 'bg-red-50 text-red-900' : mine ? 'bg-indigo-600 text-white' : 'bg-white text-slate-900',
            highlighted ? 'ring-4 ring-amber-300' : local?.state === 'failed' ? 'ring-1 ring-red-200' : !mine && 'ring-1 ring-slate-200',
            local?.state === 'pending' && 'opacity-75',
            canAct && 'cursor-pointer',
          )}
        >
          {message.replyTo && (
            <button
              type="button"
              onClick={(event) => {
                event.stopPropagation();
                if (message.replyTo) onJumpTo?.(message.replyTo._id);
              }}
              disabled={!onJumpTo}
              title="Go to the replied message"
              aria-label={`Replied to ${quotedAuthor}: ${message.replyTo.message}. Go to that message`}
              className={clsx(
                'mb-1.5 block w-full rounded-lg border-l-4 px-2.5 py-1.5 text-left text-xs enabled:cursor-pointer',
                mine ? 'border-white/60 bg-white/15 text-indigo-50 enabled:hover:bg-white/25' : 'border-indigo-400 bg-slate-100 text-slate-600 enabled:hover:bg-slate-200',
              )}
            >
              <span className="block font-semibold">{quotedAuthor}</span>
              <span className="line-clamp-2 whitespace-pre-wrap break-words">{message.replyTo.message}</span>
            </button>
          )}
          <p className="whitespace-pre-wrap break-words">{message.message}</p>
        </div>

        <div className={clsx('flex items-center gap-2 px-1 text-[11px] text-slate-500', local || timeShown ? 'mt-0.5' : 'sr-only')}>
          {local?.state === 'pending' && (
            <span className="inline-flex items-center gap-1">
              <Clock className="size-3" aria-hidden="true" />
              Sending...
            </span>
          )}
          {local?.state === 'failed' && (
            <span className="inline-flex items-center gap-1.5 text-red-600">
              <AlertCircle className="size-3" aria-hidden="true" />
              Not sent
              <button type="button" className="font-semibold underline underline-offset-2" onClick={() => onRetrySend(local._id)}>
                Retry
              </button>
              <button type="button" className="font-semibold underline underline-offset-2" onClick={() => onDiscard(local._id)}>
                Remove
              </button>
            </span>
          )}
          {!local && (
            <time dateTime={message.createdAt} title={formatChatExact(message.createdAt)}>
              {formatChatTime(message.createdAt)}
            </time>
          )}
        </div>
      </div>
    </li>
  );
}
