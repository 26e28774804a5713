import { describe, expect, it } from 'vitest';
import { DomainError, type DomainErrorKind } from '@circuit/shared/commands/domain-errors';
import { ZodError } from 'zod';
import { MESSAGE_MAX_LENGTH } from '@circuit/shared/messaging/limits';
import { ChatMessages, decideConversation, type ConversationCommand } from './conversation-decider';

const now = new Date('2026-11-21T10:00:00Z');
const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';

const send = (overrides: Partial<Extract<ConversationCommand, { type: 'SendMessage' }>> = {}): ConversationCommand => ({
  type: 'SendMessage',
  messageId: 'm1',
  from: A,
  to: B,
  text: ' hello ',
  recipientExists: true,
  connected: true,
  blocked: false,
  replyTo: null,
  now,
  ...overrides,
});

function refusal(command: ConversationCommand): { kind: DomainErrorKind; message: string } {
  try {
    decideConversation(command);
  } catch (error) {
    if (error instanceof DomainError) return { kind: error.kind, message: error.message };
    if (error instanceof ZodError) return { kind: 'refused', message: error.issues[0]!.message };
    throw error;
  }
  throw new Error('the command was not refused');
}

describe('conversation decider', () => {
  it('sends a trimmed message between connected users', () => {
    expect(decideConversation(send())).toEqual([
      { type: 'MessageSent', data: { messageId: 'm1', from: A, to: B, message: 'hello', replyTo: null, at: now.toISOString() } },
    ]);
  });

  it('carries the replied message', () => {
    const replyTo = { _id: 'm0', message: 'question?', from: B };
    expect(decideConversation(send({ replyTo }))[0]).toMatchObject({ data: { replyTo } });
  });

  it('refuses, in order: oneself, an unknown user, a block, no connection, blank or too long text, a missing replied message', () => {
    expect(refusal(send({ to: A }))).toEqual({ kind: 'refused', message: ChatMessages.self });
    expect(refusal(send({ recipientExists: false }))).toEqual({ kind: 'not_found', message: ChatMessages.unknownUser });
    expect(refusal(send({ blocked: true, connected: true }))).toEqual({ kind: 'forbidden', message: ChatMessages.blocked });
    expect(refusal(send({ connected: false }))).toEqual({ kind: 'forbidden', message: ChatMessages.notConnected });
    expect(refusal(send({ text: '   ' }))).toEqual({ kind: 'refused', message: ChatMessages.empty });
    expect(refusal(send({ text: 'x'.repeat(MESSAGE_MAX_LENGTH + 1) }))).toEqual({ kind: 'refused', message: `Message cannot exceed ${MESSAGE_MAX_LENGTH} characters` });
    expect(decideConversation(send({ text: 'x'.repeat(MESSAGE_MAX_LENGTH) }))).toHaveLength(1);
    expect(refusal(send({ replyTo: 'missing' }))).toEqual({ kind: 'not_found', message: ChatMessages.unknownReply });
  });

  it('lets only the sender delete, and not what does not exist', () => {
    const message = { from: A, to: B };
    expect(decideConversation({ type: 'DeleteMessage', messageId: 'm1', by: A, message, now })).toEqual([
      { type: 'MessageDeleted', data: { messageId: 'm1', from: A, to: B, at: now.toISOString() } },
    ]);
    expect(refusal({ type: 'DeleteMessage', messageId: 'm1', by: B, message, now })).toEqual({ kind: 'forbidden', message: ChatMessages.notSender });
    expect(refusal({ type: 'DeleteMessage', messageId: 'm1', by: A, message: undefined, now })).toEqual({ kind: 'not_found', message: ChatMessages.notFound });
  });

  it('records reading', () => {
    expect(decideConversation({ type: 'MarkRead', reader: B, from: A, now })).toEqual([{ type: 'MessagesRead', data: { reader: B, from: A, at: now.toISOString() } }]);
  });
});
