import crypto from 'node:crypto';
import { handleCommand, type CommandContext } from '@circuit/shared/commands/decider';
import { COMMUNITY_TOPIC, communityMessageStream, communityStream, type CommunityChange } from '@circuit/shared/events/community';
import { CommunityMessages as M, type CommunityMessage } from '@circuit/shared/api/community';
import { communityMessageId } from '@circuit/shared/community/message-id';
import { DomainError, notFound } from '@circuit/shared/http/errors';
import { findCommunityAccess, findCommunityMessageRow, toCommunityMessages, type CommunityAccess } from '@circuit/shared/read-models/community';
import type { CommandServiceDeps } from '../context';
import { caughtUp } from '../http/read-your-writes';
import { communityDecider, messageDecider, type CommunityCommand, type MessageState } from './community-decider';

export type ModerationAction = CommunityCommand['type'];

/**
 * The community chat's writes. Each use case reads the actor's standing from the read models (the
 * organiser, registration, admin, removal, platform role), decides on the stream it changes,
 * waits for the read models, and tells the realtime service over the bus, which hands the change
 * to the sockets in the hackathon's room. A removal is told before the request answers, so
 * nothing posted after it reaches the removed user's sockets.
 */
export function createCommunityService(deps: CommandServiceDeps) {
  const now = deps.now ?? (() => new Date());

  async function accessOf(idOrUsername: string, userId: string): Promise<CommunityAccess> {
    const access = await findCommunityAccess(deps.knex, idOrUsername, userId);
    if (!access) throw notFound(M.notFound);
    return access;
  }

  /** The message as the API shows it, from its own stream's state (the read model may still be behind). */
  async function viewOf(messageId: string, state: MessageState): Promise<CommunityMessage> {
    const [view] = await toCommunityMessages(deps.knex, [
      {
        id: messageId,
        hackathon_id: state.hackathonId,
        user_id: state.userId,
        message: state.message,
        reply_to: state.replyTo,
        created_at: state.createdAt,
        edited: state.edited,
        deleted_at: null,
      },
    ]);
    return view!;
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
      let replyTo: { _id: string; message: string; userId: string } | null | 'missing' = null;
      if (input.replyTo) {
        const replied = await findCommunityMessageRow(deps.knex, input.replyTo);
        replyTo = replied && !replied.deleted_at && replied.hackathon_id === access.hackathonId ? { _id: replied.id, message: replied.message, userId: replied.user_id } : 'missing';
      }
      const result = await handleCommand(
        deps.store,
        communityMessageStream(messageId),
        messageDecider,
        { type: 'PostMessage', hackathonId: access.hackathonId, messageId, by: userId, text: input.message, standing: standingOf(access), replyTo, now: now() },
        ctx,
        now,
      );
      // A repeat stored nothing: wait for whatever the store holds, so the answer can be read back.
      await caughtUp(deps.progress, result.position ?? (await deps.store.headPosition()), [{ type: 'CommunityMessagePosted' }]);
      const message = await viewOf(messageId, result.state);
      await announce({ kind: 'posted', hackathonId: access.hackathonId, message });
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
        if (action === 'RemoveUser' && error instanceof DomainError && error.message === M.alreadyRemoved) await deps.bus.publish(COMMUNITY_TOPIC, removal);
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
