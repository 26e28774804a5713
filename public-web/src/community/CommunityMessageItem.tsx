import clsx from 'clsx';
import { CornerUpLeft, Pencil, Trash2 } from 'lucide-react';
import type { CommunityMessage } from '@circuit/shared/api/community';
import { Avatar } from '../shell/Avatar';
import { formatChatExact, formatChatTime } from '../messages/chatTime';
import { authorName } from './communityState';

interface Props {
  message: CommunityMessage;
  mine: boolean;
  canDelete: boolean;
  highlighted: boolean;
  onReply(): void;
  onEdit(): void;
  onDelete(): void;
  onJumpTo(messageId: string): void;
}

const action = 'inline-flex items-center gap-1 rounded px-1.5 py-0.5 text-xs font-medium text-slate-500 hover:bg-slate-100 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-indigo-500';

/** One message: author, time (the viewer's), the replied message (a link that jumps to it), edited flag, actions. */
export function CommunityMessageItem({ message: m, mine, canDelete, highlighted, onReply, onEdit, onDelete, onJumpTo }: Props) {
  const name = authorName(m.user);
  return (
    <li
      id={`community-message-${m._id}`}
      tabIndex={-1}
      className={clsx('group flex gap-3 rounded-xl px-2 py-2 transition-colors duration-500 outline-none', highlighted ? 'bg-amber-100' : 'hover:bg-slate-50')}
    >
      <Avatar user={m.user} className="mt-0.5 size-8" />
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
          <span className="font-semibold text-slate-900">{mine ? `${name} (you)` : name}</span>
          <time dateTime={m.createdAt} title={formatChatExact(m.createdAt)} className="text-xs text-slate-500">
            {formatChatTime(m.createdAt)}
          </time>
          {m.edited && <span className="text-xs text-slate-500">(edited)</span>}
        </p>
        {m.replyTo && (
          <button
            type="button"
            onClick={() => onJumpTo(m.replyTo!._id)}
            className="mt-1 block w-full max-w-full truncate rounded-md border-l-4 border-slate-300 bg-slate-100 px-2 py-1 text-left text-xs text-slate-600 hover:bg-slate-200 focus-visible:outline-2 focus-visible:outline-indigo-500"
          >
            <span className="sr-only">Go to the message replied to: </span>
            <span className="font-semibold">{authorName(m.replyTo.user)}:</span> {m.replyTo.message}
          </button>
        )}
        <p className="mt-0.5 whitespace-pre-wrap text-sm text-slate-800 wrap-anywhere">{m.message}</p>
        <div className="mt-1 flex flex-wrap gap-1 opacity-100 sm:opacity-0 sm:group-focus-within:opacity-100 sm:group-hover:opacity-100">
          <button type="button" className={action} onClick={onReply}>
            <CornerUpLeft className="size-3.5" aria-hidden="true" /> Reply<span className="sr-only"> to {name}</span>
          </button>
          {mine && (
            <button type="button" className={action} onClick={onEdit}>
              <Pencil className="size-3.5" aria-hidden="true" /> Edit<span className="sr-only"> your message</span>
            </button>
          )}
          {canDelete && (
            <button type="button" className={clsx(action, 'hover:text-red-700')} onClick={onDelete}>
              <Trash2 className="size-3.5" aria-hidden="true" /> Delete<span className="sr-only"> message by {name}</span>
            </button>
          )}
        </div>
      </div>
    </li>
  );
}
