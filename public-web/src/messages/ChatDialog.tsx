import { useRef } from 'react';
import { useSocket } from '../realtime/socketContext';
import { Avatar } from '../shell/Avatar';
import { Dialog } from '../ui/Dialog';
import { Composer } from './Composer';
import { CHAT_DIALOG_PAGE_SIZE } from './constants';
import { ConversationBody } from './ConversationBody';
import { PresenceLabel } from './PresenceLabel';
import { partnerName } from './types';
import { useConversation } from './useConversation';

export interface ChatDialogUser {
  id: string;
  username: string;
  firstName: string;
  lastName: string;
  profilePicture: string | null;
}

export interface ChatDialogProps {
  user: ChatDialogUser;
  open: boolean;
  onClose(): void;
}

/**
 * The chat dialog of a public profile (spec section 2, "Public profile"): Active/Offline, a control
 * for older messages (50 per page), the list, 'Type a message...' and Send; Enter sends. Opening it
 * marks that user's messages read. A modal dialog: Escape or a click outside closes it.
 */
export function ChatDialog({ user, open, onClose }: ChatDialogProps) {
  if (!open) return null;
  return <OpenChatDialog user={user} onClose={onClose} />;
}

function OpenChatDialog({ user, onClose }: { user: ChatDialogUser; onClose(): void }) {
  const { userId: me } = useSocket();
  const conversation = useConversation(me ? user.id : null, CHAT_DIALOG_PAGE_SIZE);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const name = partnerName(user);

  return (
    <Dialog
      open
      onClose={onClose}
      size="lg"
      initialFocus={inputRef}
      title={
        <span className="flex items-center gap-3">
          <Avatar user={user} className="size-9" />
          <span className="truncate">{name}</span>
        </span>
      }
      description={<PresenceLabel userId={user.id} />}
      footer={
        <Composer
          bare
          className="w-full"
          label="Type a message..."
          placeholder="Type a message..."
          inputRef={inputRef}
          disabled={!me}
          onSend={(text) => conversation.send(text)}
        />
      }
    >
      <ConversationBody
        className="-mx-2 h-[min(55dvh,28rem)] px-2"
        messages={conversation.messages}
        me={me ?? ''}
        partnerName={user.firstName || name}
        status={conversation.status}
        error={conversation.error}
        onRetryLoad={conversation.reload}
        hasMore={conversation.hasMore}
        loadingOlder={conversation.loadingOlder}
        onLoadOlder={() => void conversation.loadOlder()}
        loadOlderLabel="Load older messages"
        onRetrySend={conversation.retry}
        onDiscard={conversation.discard}
      />
    </Dialog>
  );
}
