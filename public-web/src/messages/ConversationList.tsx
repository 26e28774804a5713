import clsx from 'clsx';
import { Avatar } from '../shell/Avatar';
import { formatThreadTime } from './chatTime';
import { OnlineDot } from './PresenceLabel';
import { partnerName, type ChatPartner, type MessageThread } from './types';

interface ConversationListProps {
  threads: MessageThread[];
  me: string;
  selectedId: string | null;
  unread(partnerId: string, thread: MessageThread): number;
  online: Record<string, boolean>;
  onSelect(partner: ChatPartner): void;
}

/** The conversations, newest first: picture with online dot, name, last message, time, unread badge. */
export function ConversationList({ threads, me, selectedId, unread, online, onSelect }: ConversationListProps) {
  return (
    <ul className="flex flex-col" aria-label="Conversations">
      {threads.map((thread) => {
        const id = thread.user.id;
        const name = partnerName(thread.user);
        const selected = id === selectedId;
        const count = selected ? 0 : unread(id, thread);
        const isOnline = online[id] === true;
        const last = thread.lastMessage;
        const preview = last ? `${last.from === me ? 'You: ' : ''}${last.message}` : '';
        const descriptionId = `conversation-${id}-description`;
        return (
          <li key={id}>
            {/* Named by what it shows (name, time, last message: speech input can say any of it); state is its description. */}
            <button
              type="button"
              aria-describedby={descriptionId}
              aria-current={selected ? 'true' : undefined}
              onClick={() => onSelect(thread.user)}
              className={clsx(
                'flex w-full items-center gap-3 px-4 py-3 text-left transition-colors focus-visible:-outline-offset-2',
                selected ? 'bg-indigo-50' : 'hover:bg-slate-50',
              )}
            >
              <span className="relative shrink-0">
                <Avatar user={thread.user} className="size-11" textClassName="text-sm" />
                <OnlineDot online={isOnline} />
              </span>
              <span className="min-w-0 flex-1">
                <span className="flex items-baseline justify-between gap-2">
                  <span className={clsx('truncate text-sm text-slate-900', count > 0 ? 'font-bold' : 'font-semibold')}>{name}</span>
                  {last && (
                    <time dateTime={last.createdAt} className={clsx('shrink-0 text-xs', count > 0 ? 'font-semibold text-indigo-600' : 'text-slate-600')}>
                      {formatThreadTime(last.createdAt)}
                    </time>
                  )}
                </span>
                <span className="mt-0.5 flex items-center justify-between gap-2">
                  <span className={clsx('truncate text-sm', count > 0 ? 'font-medium text-slate-800' : 'text-slate-600')}>{preview}</span>
                  {count > 0 && (
                    <span className="flex h-5 min-w-5 shrink-0 items-center justify-center rounded-full bg-indigo-600 px-1.5 text-[11px] font-bold text-white" aria-hidden="true">
                      {count > 99 ? '99+' : count}
                    </span>
                  )}
                </span>
              </span>
            </button>
            <span id={descriptionId} hidden>
              {[isOnline ? 'Online' : 'Offline', count > 0 ? `${count} unread` : null].filter(Boolean).join('. ')}
            </span>
          </li>
        );
      })}
    </ul>
  );
}

/** Connected users matching the search: picture, name, @username. */
export function ConnectionResults({ users, online, onSelect }: { users: ChatPartner[]; online: Record<string, boolean>; onSelect(user: ChatPartner): void }) {
  return (
    <ul className="flex flex-col" aria-label="Connections">
      {users.map((user) => (
        <li key={user.id}>
          <button
            type="button"
            onClick={() => onSelect(user)}
            className="flex w-full items-center gap-3 px-4 py-3 text-left transition-colors hover:bg-slate-50 focus-visible:-outline-offset-2"
          >
            <span className="relative shrink-0">
              <Avatar user={user} className="size-10" textClassName="text-sm" />
              <OnlineDot online={online[user.id] === true} />
            </span>
            <span className="min-w-0 flex-1">
              <span className="block truncate text-sm font-semibold text-slate-900">{partnerName(user)}</span>
              <span className="block truncate text-xs text-slate-600">
                @{user.username}
                {user.tagline ? ` · ${user.tagline}` : ''}
              </span>
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
