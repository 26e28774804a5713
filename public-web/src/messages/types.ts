import type { MessageThread as ThreadAnswer } from '@circuit/shared/api/messaging';
import type { UserSummary } from '@circuit/shared/api/users';
import type { ChatMessage, ReplyRef } from '../realtime/events';

export type { ChatMessage, ReplyRef };

/**
 * The other side of a conversation, as threads, connections and profiles describe a user: the
 * contract's UserSummary, of which a conversation opened from a link may know only part.
 */
export type ChatPartner = Pick<UserSummary, 'id' | 'username' | 'firstName' | 'lastName' | 'profilePicture'> & Partial<Pick<UserSummary, '_id' | 'tagline'>>;

/** A row of GET /api/users/messages/threads (the contract's MessageThread), as the list keeps it. */
export interface MessageThread {
  user: ChatPartner;
  lastMessage: ThreadAnswer['lastMessage'] | null;
  unreadCount?: ThreadAnswer['unreadCount'];
}

/** A message this tab sent that the server has not confirmed yet (or refused). */
export interface LocalMessage extends ChatMessage {
  local: true;
  state: 'pending' | 'failed';
  /** Sent with every try of this message, so a retry of one the server already stored is not stored again. */
  clientMessageId: string;
}

export type DisplayMessage = ChatMessage | LocalMessage;

export const isLocal = (message: DisplayMessage): message is LocalMessage => 'local' in message && message.local === true;

export const partnerId = (user: { id?: string; _id?: string }) => user.id ?? user._id ?? '';

export const partnerName = (user: { firstName?: string | null; lastName?: string | null; username?: string | null }) =>
  `${user.firstName ?? ''} ${user.lastName ?? ''}`.trim() || user.username || 'Unknown user';
