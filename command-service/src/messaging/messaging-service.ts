import crypto from 'node:crypto';
import { conversationStream, MessagingEventSchemas } from '@circuit/shared/events/messaging';
import { toNewEvents, type CommandContext } from '@circuit/shared/commands/decider';
import type { Knex } from 'knex';
import type { CommandServiceDeps } from '../context';
import { caughtUp } from '../http/read-your-writes';
import { decideConversation, type ConversationCommand } from './conversation-decider';
import { chatMessageId } from '@circuit/shared/messaging/message-id';
import { batchPerTurn } from '@circuit/shared/process/batching';
import type { ReadModelProgress } from '@circuit/shared/projections/progress';
import { keptWhileUnchanged } from '@circuit/shared/projections/kept-while-unchanged';

export interface PairFacts {
  recipientExists: boolean;
  connected: boolean;
  blocked: boolean;
}

/** The facts of every pair asked about in one turn of the event loop, in one statement (see pairFactsReader). */
const PAIR_FACTS_SQL = `
select p.i,
       exists(select 1 from users where id = p.b) as recipient,
       exists(select 1 from user_connections where user_id = p.a and other_id = p.b) as connected,
       exists(select 1 from user_blocks where (blocker_id = p.a and blocked_id = p.b) or (blocker_id = p.b and blocked_id = p.a)) as blocked
from jsonb_to_recordset(?::jsonb) as p(i int, a text, b text)`;

/** The projections whose tables the pair facts are read from (users; connections and blocks). */
const PAIR_FACTS_FROM = ['users', 'social'] as const;
/** Pairs whose facts one process remembers; a chat of many pairs starts over when it is full. */
const PAIR_FACTS_REMEMBERED = 100_000;

/**
 * What a send decides on (recipient, connection, block), read from the read models just before
 * the decision. Sends that ask in the same turn of the event loop share one statement (a busy
 * instance reads many sockets in one turn); a request never joins a statement already sent, so
 * what it gets was read after it asked.
 *
 * A pair's facts are kept while the users and social read models do not change
 * (keptWhileUnchanged): no round trip in the path of every message.
 */
export function pairFactsReader(knex: Knex, versions?: Pick<ReadModelProgress, 'localVersionOf'>): (a: string, b: string) => Promise<PairFacts> {
  const read = batchPerTurn(async (pairs: { a: string; b: string }[]) => {
    const { rows } = (await knex.raw(PAIR_FACTS_SQL, [JSON.stringify(pairs.map((p, i) => ({ i, ...p })))])) as {
      rows: { i: number; recipient: boolean; connected: boolean; blocked: boolean }[];
    };
    const facts: PairFacts[] = [];
    for (const r of rows) facts[r.i] = { recipientExists: Boolean(r.recipient), connected: Boolean(r.connected), blocked: Boolean(r.blocked) };
    return facts;
  });
  const facts = keptWhileUnchanged(read, { versions, from: PAIR_FACTS_FROM, keyOf: (p) => `${p.a}|${p.b}`, remembered: PAIR_FACTS_REMEMBERED });
  return (a, b) => facts({ a, b });
}

export interface ChatMessageView {
  _id: string;
  from: string;
  to: string;
  message: string;
  createdAt: string;
  replyTo: { _id: string; message: string; from: string } | null;
  /** The sender's own id for the message, echoed so its tabs match the copy to what they show. */
  clientMessageId?: string;
}

/**
 * Private messages. A message is appended to the pair's conversation stream before anyone is
 * told of it; sends append without the revision check (a send never depends on the others'
 * order) and with the message id as event id, so a repeated request stores it once. A client
 * names each message (`clientMessageId`, kept across its retries); the message id derives from it.
 */
export function createMessagingService(deps: CommandServiceDeps) {
  const now = deps.now ?? (() => new Date());

  const pairFacts = pairFactsReader(deps.knex, deps.progress);

  async function messageRow(messageId: string) {
    return deps.knex('chat_messages').where({ id: messageId }).whereNull('deleted_at').first<{ id: string; from_id: string; to_id: string; message: string } | undefined>();
  }

  /** Appends the conversation's events; `readYourWrites: false` answers once they are stored, before the read models include them. */
  async function append(a: string, b: string, command: ConversationCommand, ctx: CommandContext, eventId?: string, readYourWrites = true) {
    const events = decideConversation(command);
    const newEvents = toNewEvents(events, ctx, now().toISOString()).map((e) => (eventId ? { ...e, id: eventId } : e));
    const { position, alreadyStored, nextRevision } = await deps.store.append(conversationStream(a, b), newEvents, 'any');
    // A conversation's first message makes a new row in both sides' lists, which their screens
    // fetch when they hear of it: that one waits for the read models whatever was asked.
    const startedConversation = nextRevision < newEvents.length;
    if (readYourWrites || startedConversation) await caughtUp(deps.progress, position, events);
    return { events, position, repeated: alreadyStored === true };
  }

  /** The MessageSent stored under `messageId` at `position` (the first send's, when this one repeated it). */
  async function storedSend(messageId: string, position: bigint) {
    const [event] = await deps.store.readAll(position - 1n, 1);
    if (event?.id !== messageId || event.type !== 'MessageSent') return undefined;
    const data = MessagingEventSchemas.MessageSent.safeParse(event.data);
    return data.success ? data.data : undefined;
  }

  /**
   * Sends a message; `repeated` when a request with the same message id had already stored it
   * (the answer is then the message as first stored).
   */
  async function sendOnce(
    input: { messageId?: string; clientMessageId?: string; from: string; to: string; text: string; replyToId?: string | null },
    ctx: CommandContext,
    { readYourWrites = true }: { readYourWrites?: boolean } = {},
  ): Promise<{ message: ChatMessageView; repeated: boolean; inReadModels: () => Promise<boolean> }> {
    const messageId = input.clientMessageId ? chatMessageId(input.from, input.clientMessageId) : (input.messageId ?? crypto.randomUUID());
    const facts = await pairFacts(input.from, input.to);
    let replyTo: { _id: string; message: string; from: string } | null | 'missing' = null;
    if (input.replyToId) {
      const replied = await messageRow(input.replyToId);
      const samePair = replied && [replied.from_id, replied.to_id].sort().join() === [input.from, input.to].sort().join();
      replyTo = replied && samePair ? { _id: replied.id, message: replied.message, from: replied.from_id } : 'missing';
    }
    const { events, position, repeated } = await append(
      input.from,
      input.to,
      { type: 'SendMessage', messageId, from: input.from, to: input.to, text: input.text, ...facts, replyTo, now: now() },
      ctx,
      messageId,
      readYourWrites,
    );
    const inReadModels = () => caughtUp(deps.progress, position, events);
    const [event] = events;
    if (event?.type !== 'MessageSent') throw new Error('send produced no message');
    // A retry answers the message as first stored (its time), not as decided again now. Only a
    // repeat reads it back: a first send stored exactly what was decided.
    const d = (repeated ? await storedSend(messageId, position) : undefined) ?? event.data;
    const view: ChatMessageView = { _id: d.messageId, from: d.from, to: d.to, message: d.message, createdAt: d.at, replyTo: d.replyTo };
    return { message: input.clientMessageId ? { ...view, clientMessageId: input.clientMessageId } : view, repeated, inReadModels };
  }

  return {
    sendOnce,

    async send(
      input: { messageId?: string; clientMessageId?: string; from: string; to: string; text: string; replyToId?: string | null },
      ctx: CommandContext,
    ): Promise<ChatMessageView> {
      return (await sendOnce(input, ctx)).message;
    },

    async remove(messageId: string, by: string, ctx: CommandContext): Promise<{ messageId: string; from: string; to: string }> {
      const row = await messageRow(messageId);
      const message = row ? { from: row.from_id, to: row.to_id } : undefined;
      const {
        events: [event],
      } = await append(row?.from_id ?? by, row?.to_id ?? by, { type: 'DeleteMessage', messageId, by, message, now: now() }, ctx);
      if (event?.type !== 'MessageDeleted') throw new Error('delete produced no event');
      return { messageId, from: event.data.from, to: event.data.to };
    },

    /** Marks what `from` sent `reader` as read; nothing is recorded when nothing was unread. */
    async markRead(reader: string, from: string, ctx: CommandContext): Promise<boolean> {
      // A message is delivered before the read models include it, and the reader's screen marks it
      // read as soon as it shows it: the unread count must include every message stored so far.
      await caughtUp(deps.progress, await deps.store.headPosition(), [{ type: 'MessageSent' }]);
      const unread = await deps.knex('chat_unread').where({ user_id: reader, from_id: from }).first<{ count: number } | undefined>('count');
      if (!unread || unread.count === 0) return false;
      await append(reader, from, { type: 'MarkRead', reader, from, now: now() }, ctx);
      return true;
    },
  };
}
export type MessagingService = ReturnType<typeof createMessagingService>;
