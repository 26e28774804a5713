import { z } from 'zod';
import { forbidden, notFound, refused } from '@circuit/shared/commands/domain-errors';
import type { DomainEvent } from '@circuit/shared/events/catalogue';
import { MESSAGE_MAX_LENGTH } from '@circuit/shared/messaging/limits';


export const ChatMessages = {
  empty: 'Message cannot be empty',
  tooLong: `Message cannot exceed ${MESSAGE_MAX_LENGTH} characters`,
  notConnected: 'You can only message your connections',
  blocked: 'You cannot message this user',
  self: 'You cannot message yourself',
  unknownUser: 'User not found',
  unknownReply: 'The message you replied to no longer exists',
  notFound: 'Message not found',
  notSender: 'You can only delete your own messages',
} as const;

export const MessageText = z.string({ error: ChatMessages.empty }).trim().min(1, ChatMessages.empty).max(MESSAGE_MAX_LENGTH, ChatMessages.tooLong);

type ConversationEvent = DomainEvent<'MessageSent' | 'MessageDeleted' | 'MessagesRead'>;

/**
 * Facts about the pair that the decision needs, read by the service just before it decides:
 * whether the two are connected, whether a block stands, the replied message.
 */
export type ConversationCommand =
  | {
      type: 'SendMessage';
      messageId: string;
      from: string;
      to: string;
      text: string;
      recipientExists: boolean;
      connected: boolean;
      blocked: boolean;
      replyTo: { _id: string; message: string; from: string } | null | 'missing';
      now: Date;
    }
  | { type: 'DeleteMessage'; messageId: string; by: string; message: { from: string; to: string } | undefined; now: Date }
  | { type: 'MarkRead'; reader: string; from: string; now: Date };

export function decideConversation(command: ConversationCommand): ConversationEvent[] {
  const at = command.now.toISOString();
  switch (command.type) {
    case 'SendMessage': {
      if (command.from === command.to) throw refused(ChatMessages.self);
      if (!command.recipientExists) throw notFound(ChatMessages.unknownUser);
      if (command.blocked) throw forbidden(ChatMessages.blocked);
      if (!command.connected) throw forbidden(ChatMessages.notConnected);
      const text = MessageText.parse(command.text);
      if (command.replyTo === 'missing') throw notFound(ChatMessages.unknownReply);
      return [{ type: 'MessageSent', data: { messageId: command.messageId, from: command.from, to: command.to, message: text, replyTo: command.replyTo, at } }];
    }
    case 'DeleteMessage':
      if (!command.message) throw notFound(ChatMessages.notFound);
      if (command.message.from !== command.by) throw forbidden(ChatMessages.notSender);
      return [{ type: 'MessageDeleted', data: { messageId: command.messageId, from: command.message.from, to: command.message.to, at } }];
    case 'MarkRead':
      return [{ type: 'MessagesRead', data: { reader: command.reader, from: command.from, at } }];
  }
}
