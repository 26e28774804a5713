import type { ChatMessage, ReplyRef } from '../realtime/events';

export type { ChatMessage, ReplyRef };

/** The other side of a conversation, as threads, connections and profiles describe a user. */
export interface ChatPartner {
  id: string;
  _id?: string;
  username: string;
  firstName: string;
  lastName: string;
  profilePicture: string | null;
  tagline?: string;
}

/** A row of GET /api/users/messages/threads. */
export interface MessageThread {
  user: ChatPartner;
  lastMessage: { message: string; createdAt: string; from?: string } | null;
  unreadCount?: number;
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
