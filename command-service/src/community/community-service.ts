import crypto from 'node:crypto';
import { handleCommand, loadState, type CommandContext } from '@circuit/shared/commands/decider';
import { COMMUNITY_TOPIC, communityMessageStream, communityStream, type CommunityChange } from '@circuit/shared/events/community';
import { CommunityMessages as M, type CommunityMessage } from '@circuit/shared/api/community';
import { communityMessageId } from '@circuit/shared/community/message-id';
import { DomainError, isRefusal, notFound } from '@circuit/shared/commands/domain-errors';
import {
  communityStandingReader,
  findCommunityMessageRow,
  toCommunityMessage,
  toCommunityMessages,
  type CommunityAccess,
  type CommunityMessageRow,
} from '@circuit/shared/read-models/community';
import type { CommandServiceDeps } from '../context';
import { caughtUp } from '../http/read-your-writes';
import { CommunityRefusal, communityDecider, messageDecider, type CommunityCommand, type MessageState } from './community-decider';

export type ModerationAction = CommunityCommand['type'];

/**
 * The community chat's writes. Each use case reads the actor's standing from the read models (the
 * organiser, registration, admin, removal, platform role), decides on the stream it changes,
 * waits for the read models, and tells the realtime service over the bus, which hands the change
 * to the sockets in the hackathon's room. A removal is told before the request answers, so
 * nothing posted after it reaches the removed user's sockets. A new message is told as soon as it
 * is stored, without waiting for the read models: the sockets need nothing from them (a reply to
 * a message the read models do not show yet is checked against the message's own stream).
 */
export function createCommunityService(deps: CommandServiceDeps) {
  const now = deps.now ?? (() => new Date());

  /** The actor's standing; the standings of requests that arrive together are read in one statement. */
  const standing = communityStandingReader(deps.knex, deps.progress);

  async function accessOf(idOrUsername: string, userId: string): Promise<CommunityAccess> {
    const access = await standing(idOrUsername, userId);
    if (!access) throw notFound(M.notFound);
    return access;
  }

  const rowOf = (messageId: string, state: MessageState): CommunityMessageRow => ({
    id: messageId,
    hackathon_id: state.hackathonId,
    user_id: state.userId,
    message: state.message,
    reply_to: state.replyTo,
    created_at: state.createdAt,
    edited: state.edited,
    deleted_at: null,
  });

  /** The message as the API shows it, from its own stream's state (the read model may still be behind). */
  async function viewOf(messageId: string, state: MessageState): Promise<CommunityMessage> {
    const [view] = await toCommunityMessages(deps.knex, [rowOf(messageId, state)]);
    return view!;
  }

  /** The same, by its author (read with their standing) when it replies to nobody: no read at all. */
  function viewByAuthor(messageId: string, state: MessageState, author: CommunityAccess['user']): CommunityMessage | Promise<CommunityMessage> {
    if (state.replyTo || state.userId !== author._id) return viewOf(messageId, state);
    return toCommunityMessage(rowOf(messageId, state), () => author);
  }

  /**
   * The replied message when it is live in this community, else 'missing'. The read model first;
   * a message it does not show may have reached the sockets a moment ago (they are told before the
   * read models apply it), so its own stream decides then.
   */
  async function repliedMessage(hackathonId: string, id: string): Promise<{ _id: string; message: string; userId: string } | 'missing'> {
    const row = await findCommunityMessageRow(deps.knex, id);
    if (row) return !row.deleted_at && row.hackathon_id === hackathonId ? { _id: row.id, message: row.message, userId: row.user_id } : 'missing';
    const { state } = await loadState(deps.store, communityMessageStream(id), messageDecider);
    return state.exists && !state.deleted && state.hackathonId === hackathonId ? { _id: id, message: state.message, userId: state.userId } : 'missing';
  }

  /**
   * Tells the realtime service. The change is stored and readable by then: a bus that fails (or a
   * payload over its size limit) costs the live copy, which the chat's next load shows, never the
   * request's answer.
   */
  async function announce(change: CommunityChange) {
    try {
      await deps.bus.publish(COMMUNITY_TOPIC, change);
    } catch (err) {
      deps.log.error({ err, kind: change.kind }, 'community change not announced');
    }
  }

  const standingOf = (a: CommunityAccess) => ({ member: a.member, removed: a.removed, canModerate: a.canModerate });

  return {
    async post(
      idOrUsername: string,
      userId: string,
      input: { message: string; replyTo?: string | null; clientMessageId?: string },
      ctx: CommandContext,
    ): Promise<{ message: CommunityMessage; created: boolean }> {
      const access = await accessOf(idOrUsername, userId);
      const messageId = input.clientMessageId ? communityMessageId(userId, access.hackathonId, input.clientMessageId) : crypto.randomUUID();
      const replyTo = input.replyTo ? await repliedMessage(access.hackathonId, input.replyTo) : null;
      const result = await handleCommand(
        deps.store,
        communityMessageStream(messageId),
        messageDecider,
        { type: 'PostMessage', hackathonId: access.hackathonId, messageId, by: userId, text: input.message, standing: standingOf(access), replyTo, now: now() },
        ctx,
        now,
      );
      const message = await viewByAuthor(messageId, result.state, access.user);
      // The room hears of it at once (a repeat too, in case the first announcement was lost: the
      // realtime service hands a message to the sockets once), while the answer waits for the read
      // models; a repeat stored nothing, so it waits for whatever the store holds.
      await Promise.all([
        result.state.deleted ? undefined : announce({ kind: 'posted', hackathonId: access.hackathonId, message }),
        (async () => caughtUp(deps.progress, result.position ?? (await deps.store.headPosition()), [{ type: 'CommunityMessagePosted' }]))(),
      ]);
      return { message: input.clientMessageId ? { ...message, clientMessageId: input.clientMessageId } : message, created: result.events.length > 0 };
    },

    async edit(idOrUsername: string, userId: string, messageId: string, text: string, ctx: CommandContext): Promise<CommunityMessage> {
      const access = await accessOf(idOrUsername, userId);
      const result = await handleCommand(
        deps.store,
        communityMessageStream(messageId),
        messageDecider,
        { type: 'EditMessage', hackathonId: access.hackathonId, messageId, by: userId, text, standing: standingOf(access), now: now() },
        ctx,
        now,
      );
      const message = await viewOf(messageId, result.state);
      if (result.events.length > 0) {
        await caughtUp(deps.progress, result.position, result.events);
        await announce({ kind: 'updated', hackathonId: access.hackathonId, message });
      }
      return message;
    },

    async remove(idOrUsername: string, userId: string, messageId: string, ctx: CommandContext): Promise<{ hackathonId: string; messageId: string }> {
      const access = await accessOf(idOrUsername, userId);
      const result = await handleCommand(
        deps.store,
        communityMessageStream(messageId),
        messageDecider,
        { type: 'DeleteMessage', hackathonId: access.hackathonId, messageId, by: userId, standing: standingOf(access), now: now() },
        ctx,
        now,
      );
      await caughtUp(deps.progress, result.position, result.events);
      await announce({ kind: 'deleted', hackathonId: access.hackathonId, messageId });
      return { hackathonId: access.hackathonId, messageId };
    },

    /** Adds or removes a community admin, removes or re-adds a user; answers the hackathon id. */
    async moderate(action: ModerationAction, idOrUsername: string, by: string, target: string, ctx: CommandContext): Promise<CommunityAccess> {
      const access = await accessOf(idOrUsername, by);
      const registered = await deps.knex('hackathon_participants').where({ hackathon_id: access.hackathonId, user_id: target }).first('user_id');
      const removal: CommunityChange = { kind: 'userRemoved', hackathonId: access.hackathonId, userId: target };
      let result;
      try {
        result = await handleCommand(
          deps.store,
          communityStream(access.hackathonId),
          communityDecider,
          {
            type: action,
            hackathonId: access.hackathonId,
            by,
            userId: target,
            creatorId: access.creatorId,
            actorStaff: access.staff,
            targetRegistered: Boolean(registered),
            now: now(),
          },
          ctx,
          now,
        );
      } catch (error) {
        // A removal repeated because its first answer never came (the bus failed): the sockets are told again.
        if (action === 'RemoveUser' && isRefusal(error, CommunityRefusal.alreadyRemoved)) await deps.bus.publish(COMMUNITY_TOPIC, removal);
        throw error;
      }
      await caughtUp(deps.progress, result.position, result.events);
      // Before the answer: nothing posted after the removal reaches the removed user's sockets.
      if (action === 'RemoveUser') await deps.bus.publish(COMMUNITY_TOPIC, removal);
      // An admin who is not registered reads the chat no longer.
      if (action === 'RemoveAdmin') await announce({ kind: 'recheck', hackathonId: access.hackathonId, userId: target });
      return access;
    },
  };
}
export type CommunityService = ReturnType<typeof createCommunityService>;
