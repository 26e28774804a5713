import { ChatTopics, SendRequestSchema } from '@circuit/shared/events/messaging';
import { DomainError } from '@circuit/shared/http/errors';
import { ZodError } from 'zod';
import type { CommandServiceDeps } from '../context';
import type { MessagingService } from './messaging-service';

/**
 * Sends asked for over a socket arrive on the bus from the realtime service; each becomes a
 * SendMessage command, and its outcome goes back on the bus: the stored message for delivery,
 * or the reason it was refused for the sender's `message_error`.
 */
export async function startChatSendConsumer(deps: CommandServiceDeps, messaging: MessagingService): Promise<() => Promise<void>> {
  return deps.bus.subscribe(ChatTopics.sendRequested, async (payload) => {
    const request = SendRequestSchema.safeParse(payload);
    if (!request.success) return;
    const r = request.data;
    try {
      const message = await messaging.send(
        { messageId: r.messageId, clientMessageId: r.clientMessageId, from: r.from, to: r.to, text: r.message, replyToId: r.replyTo?._id ?? null },
        { userId: r.from, correlationId: r.correlationId },
      );
      await deps.bus.publish(ChatTopics.delivered, { ...message, origin: r.origin });
      await deps.bus.publish(ChatTopics.unreadChanged, { userId: r.to });
    } catch (error) {
      const text =
        error instanceof DomainError
          ? error.message
          : error instanceof ZodError
            ? (error.issues[0]?.message ?? 'Message could not be sent')
            : 'Message could not be sent. Please try again.';
      if (!(error instanceof DomainError) && !(error instanceof ZodError)) deps.log.error({ err: error }, 'chat send failed');
      await deps.bus.publish(ChatTopics.failed, { userId: r.from, to: r.to, messageId: r.messageId, error: text, origin: r.origin });
    }
  });
}
