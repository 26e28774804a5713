import crypto from 'node:crypto';
import { handleCommand, loadState, type CommandContext } from '@circuit/shared/commands/decider';
import { COMMUNITY_TOPIC, communityMessageStream, communityStream, type CommunityChange } from '@circuit/shared/events/community';
import { CommunityMessages as M, type CommunityMessage } from '@circuit/shared/api/community';
import { communityMessageId } from '@circuit/shared/community/message-id';
import { isRefusal, notFound } from '@circuit/shared/commands/domain-errors';
import { toCommunityMessage, type CommunityMessageRow } from '@circuit/shared/community/message-view';
import type { CommandServiceDeps } from '../context';
import { caughtUp } from '../http/read-your-writes';
import { accountOf } from '../accounts/actors';
import { communitySpeakers, communityStanding, communityUserOf, isRegistered, type CommunityAccess } from './community-standing';
import { CommunityRefusal, communityDecider, messageDecider, type CommunityCommand, type MessageState } from './community-decider';

export type ModerationAction = CommunityCommand['type'];

/**
 * The community chat's writes. Each use case reads the actor's standing from the streams that hold
 * it (community-standing.ts: the organiser, registration, admin, removal, platform role), decides
 * on the stream it changes, waits for the read models, and tells the realtime service over the
 * bus, which hands the change to the sockets in the hackathon's room. A removal is told before the
 * request answers, so nothing posted after it reaches the removed user's sockets. A new message is
 * told as soon as it is stored, without waiting for the read models: the sockets need nothing from
 * them (a message and the one it replies to are read from their own streams).
 */
export function createCommunityService(deps: CommandServiceDeps) {
  const now = deps.now ?? (() => new Date());

  async function accessOf(idOrUsername: string, userId: string): Promise<CommunityAccess> {
    const access = await communityStanding(deps.store, idOrUsername, userId);
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

  /** The message as the API shows it, from its own stream's state and its authors' accounts (the read models may still be behind). */
  async function viewOf(messageId: string, state: MessageState): Promise<CommunityMessage> {
    const authorIds = [...new Set(state.replyTo ? [state.userId, state.replyTo.userId] : [state.userId])];
    const authors = new Map(await Promise.all(authorIds.map(async (id) => [id, communityUserOf(id, await accountOf(deps.store, id))] as const)));
    return toCommunityMessage(rowOf(messageId, state), (id) => authors.get(id) ?? communityUserOf(id, null));
  }

  /** The same, by its author (read with their standing) when it replies to nobody: no read at all. */
  function viewByAuthor(messageId: string, state: MessageState, author: CommunityAccess['user']): CommunityMessage | Promise<CommunityMessage> {
    if (state.replyTo || state.userId !== author._id) return viewOf(messageId, state);
    return toCommunityMessage(rowOf(messageId, state), () => author);
  }

  /**
   * The replied message when it is live in this community, else 'missing', from its own stream (it
   * may have reached the sockets a moment ago, before the read models apply it).
   */
  async function repliedMessage(hackathonId: string, id: string): Promise<{ _id: string; message: string; userId: string } | 'missing'> {
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
    /** The organiser and the registered participants in registration order (the demo chats' cast); undefined for no live hackathon. */
    speakers: (hackathonId: string) => communitySpeakers(deps.store, hackathonId),

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
      const registered = await isRegistered(deps.store, access.hackathonId, target);
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
            targetRegistered: registered,
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
