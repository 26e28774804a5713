import { ChatTopics, SendRequestSchema, type SendRequest } from '@circuit/shared/events/messaging';
import { DomainError } from '@circuit/shared/commands/domain-errors';
import { unstorableText } from '@circuit/shared/http/reject-nul';
import { ZodError } from 'zod';
import type { CommandServiceDeps } from '../context';
import type { ChatMessageView, MessagingService } from './messaging-service';

/** The bus group of the chat-send consumers: every command-service instance shares it, so each send is handled once. */
export const CHAT_SEND_GROUP = 'command-service.chat-send';

/** Attempts of a send that fails for another reason than a refusal before the sender is told it failed. */
const MAX_ATTEMPTS = 5;
/**
 * Sends handled at once by this consumer. Each send waits for its append and for the read models
 * (read-your-writes) before the next could start: one at a time, the whole chat of an instance was
 * capped at one send per round of that path (about 130 a second on two cores), and 32 at a time
 * capped it at 32 per round (about 145 a second once a round took 200 ms under load). Sends that
 * wait together cost little: their appends share statements (group commit) and their read
 * models one batch.
 */
const SENDS_AT_ONCE = 256;

/**
 * Sends asked for over a socket arrive on the bus from the realtime service; each becomes a
 * SendMessage command, and its outcome goes back on the bus: the stored message for delivery,
 * or the reason it was refused for the sender's `message_error`.
 *
 * The requests come through a bus group: kept until handled, at least once, so a send published
 * while the consuming instance fails over is handled by the next one. A request can therefore come
 * twice; its message id is the event id, so the message is stored once, and a request whose message
 * is already stored is answered with the stored message (delivered again, for the case where the
 * first attempt died between storing and publishing).
 */
export async function startChatSendConsumer(deps: CommandServiceDeps, messaging: MessagingService): Promise<() => Promise<void>> {
  const attempts = new Map<string, number>();

  /** The message as stored and shown: a repeat is answered with it ('deleted': a message deleted since is not delivered again). */
  const storedMessage = (messageId: string): Promise<ChatMessageView | 'deleted' | undefined> => deps.queries.chatMessage(messageId);

  /** The send of each sender that is running or waiting last: one sender's messages are stored in the order sent. */
  const lastOfSender = new Map<string, Promise<unknown>>();
  function inSenderOrder<T>(sender: string, run: () => Promise<T>): Promise<T> {
    const previous = lastOfSender.get(sender);
    const mine = previous ? previous.then(run, run) : run();
    const settled = mine.catch(() => undefined);
    lastOfSender.set(sender, settled);
    void settled.then(() => {
      if (lastOfSender.get(sender) === settled) lastOfSender.delete(sender);
    });
    return mine;
  }

  return deps.bus.subscribe(
    ChatTopics.sendRequested,
    async (payload) => {
      const request = SendRequestSchema.safeParse(payload);
      if (!request.success) return;
      const r = request.data;
      return inSenderOrder(r.from, () => handle(r));
    },
    { group: CHAT_SEND_GROUP, concurrency: SENDS_AT_ONCE },
  );

  async function handle(r: SendRequest): Promise<void> {
    // The realtime edge refuses such text; a request from elsewhere (an older instance mid-deploy) is refused
    // here once, not tried five times against Postgres.
    const unstorable = unstorableText(r);
    if (unstorable) {
      await deps.bus.publish(ChatTopics.failed, { userId: r.from, to: r.to, messageId: r.messageId, error: unstorable, origin: r.origin });
      return;
    }
    try {
      // The send first (its append is idempotent by message id), the stored message only for a
      // repeat: a first send, by far the most common, costs no read of the messages table.
      let message: ChatMessageView | 'deleted';
      let inReadModels: (() => Promise<boolean>) | undefined;
      try {
        const sent = await messaging.sendOnce(
          { messageId: r.messageId, clientMessageId: r.clientMessageId, from: r.from, to: r.to, text: r.message, replyToId: r.replyTo?._id ?? null },
          { userId: r.from, correlationId: r.correlationId },
          { readYourWrites: false },
        );
        inReadModels = sent.inReadModels;
        // A repeat of a message deleted since is not delivered again (the read models tell).
        if (sent.repeated) await inReadModels();
        message = sent.repeated ? ((await storedMessage(r.messageId)) ?? sent.message) : sent.message;
      } catch (error) {
        // A repeat that would now be refused (the pair blocked since) is answered with what was stored.
        const stored = error instanceof DomainError ? await storedMessage(r.messageId) : undefined;
        if (!stored) throw error;
        message = stored;
      }
      attempts.delete(r.messageId);
      if (message === 'deleted') return;
      // A stored copy echoes the client's id too, so the sender's retry matches it.
      // Stored is enough to deliver: the sockets get the message itself, nobody needs to read it
      // from a read model first. The unread counts are read from one, so they wait for it.
      await deps.bus.publish(ChatTopics.delivered, { ...message, ...(r.clientMessageId ? { clientMessageId: r.clientMessageId } : {}), origin: r.origin });
      await inReadModels?.();
      await deps.bus.publish(ChatTopics.unreadChanged, { userId: r.to });
    } catch (error) {
      const refused = error instanceof DomainError || error instanceof ZodError;
      if (!refused) {
        // The database or the bus may be down for a moment: the bus delivers the request again.
        const attempt = (attempts.get(r.messageId) ?? 0) + 1;
        deps.log.error({ err: error, messageId: r.messageId, attempt }, 'chat send failed');
        if (attempt < MAX_ATTEMPTS) {
          attempts.set(r.messageId, attempt);
          throw error;
        }
        attempts.delete(r.messageId);
      }
      const text =
        error instanceof DomainError
          ? error.message
          : error instanceof ZodError
            ? (error.issues[0]?.message ?? 'Message could not be sent')
            : 'Message could not be sent. Please try again.';
      await deps.bus.publish(ChatTopics.failed, { userId: r.from, to: r.to, messageId: r.messageId, error: text, origin: r.origin });
    }
  }
}
