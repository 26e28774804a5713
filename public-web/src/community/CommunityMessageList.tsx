import { Fragment, type RefObject } from 'react';
import type { CommunityMessage } from '@circuit/shared/api/community';
import { Button } from '../ui/Button';
import { Spinner } from '../ui/Spinner';
import { chatDayKey, formatDaySeparator } from '../messages/chatTime';
import { CommunityMessageItem } from './CommunityMessageItem';

interface Props {
  messages: CommunityMessage[];
  me: string;
  canModerate: boolean;
  searching: boolean;
  hasMore: boolean;
  loadingOlder: boolean;
  highlighted: string | null;
  listRef: RefObject<HTMLDivElement | null>;
  onScroll(): void;
  onLoadOlder(): void;
  onReply(m: CommunityMessage): void;
  onEdit(m: CommunityMessage): void;
  onDelete(m: CommunityMessage): void;
  onJumpTo(messageId: string): void;
}

/**
 * The messages, oldest at the top, with day separators; scrolling up (or the button) loads older pages.
 * The list is positioned so that it contains the messages' visually hidden (absolute) labels: otherwise
 * they belong to the dialog, lie far below it at their place in the list, and give the dialog's backdrop
 * a scroll range of the whole list's height.
 */
export function CommunityMessageList(props: Props) {
  const { messages, me, canModerate, searching, hasMore, loadingOlder, highlighted, listRef } = props;
  let day = '';
  return (
    <div ref={listRef} onScroll={props.onScroll} className="relative min-h-0 flex-1 overflow-y-auto px-2 py-3 sm:px-4">
      {hasMore && (
        <div className="mb-2 flex justify-center">
          <Button variant="ghost" size="sm" onClick={props.onLoadOlder} disabled={loadingOlder}>
            {loadingOlder ? <Spinner className="size-4" /> : null} Load older messages
          </Button>
        </div>
      )}
      {messages.length === 0 ? (
        <p className="py-10 text-center text-sm text-slate-500">{searching ? 'No messages match your search.' : 'No messages yet. Say hello to the other participants!'}</p>
      ) : (
        <ol role="log" aria-live="polite" aria-relevant="additions" aria-label="Community messages" className="space-y-0.5">
          {messages.map((m) => {
            const key = chatDayKey(m.createdAt);
            const separator = key !== day;
            day = key;
            return (
              <Fragment key={m._id}>
                {separator && (
                  <li aria-hidden="true" className="my-3 flex items-center gap-3 text-xs font-medium text-slate-500">
                    <span className="h-px flex-1 bg-slate-200" />
                    {formatDaySeparator(key)}
                    <span className="h-px flex-1 bg-slate-200" />
                  </li>
                )}
                <CommunityMessageItem
                  message={m}
                  mine={m.user._id === me}
                  canDelete={m.user._id === me || canModerate}
                  highlighted={highlighted === m._id}
                  onReply={() => props.onReply(m)}
                  onEdit={() => props.onEdit(m)}
                  onDelete={() => props.onDelete(m)}
                  onJumpTo={props.onJumpTo}
                />
              </Fragment>
            );
          })}
        </ol>
      )}
    </div>
  );
}
