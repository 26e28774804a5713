import crypto from 'node:crypto';
import { handleCommand, type CommandContext } from '@circuit/shared/commands/decider';
import { hackathonProjectCommentsStream, hackathonProjectLikeStream, hackathonProjectSaveStream } from '@circuit/shared/events/hackathon-project-reactions';
import type { CommandServiceDeps } from '../context';
import { caughtUp } from '../http/read-your-writes';
import { assertNoBlock } from '../reactions/blocks';
import type { ReactionKind } from '../reactions/reaction-decider';
import { hackathonCommentsDecider, hackathonReactionDecider } from './project-reaction-deciders';
import { reactionAccessOf } from './reaction-access';

/** Likes, saves and comments of a hackathon project; each answers after the read models include what it appended. */
export function createProjectReactionService(deps: CommandServiceDeps) {
  const now = deps.now ?? (() => new Date());

  async function react(kind: ReactionKind, add: boolean, userId: string, idOrUsername: string, projectId: string, ctx: CommandContext) {
    const access = await reactionAccessOf(deps, idOrUsername, projectId, userId);
    const { hackathonId } = access;
    // Taking a like back stays possible under a block, as for a portfolio project.
    if (add && access.available) await assertNoBlock(deps.store, userId, access.memberIds);
    const stream = (kind === 'like' ? hackathonProjectLikeStream : hackathonProjectSaveStream)(hackathonId, projectId, userId);
    const command = { type: add ? 'Add' : 'Remove', kind, subject: { hackathonId, projectId }, userId, available: access.available, now: now() } as const;
    const result = await handleCommand(deps.store, stream, hackathonReactionDecider, command, ctx, now);
    await caughtUp(deps.progress, result.position, result.events);
    return { hackathonId, projectId };
  }

  return {
    like: (userId: string, id: string, projectId: string, ctx: CommandContext) => react('like', true, userId, id, projectId, ctx),
    unlike: (userId: string, id: string, projectId: string, ctx: CommandContext) => react('like', false, userId, id, projectId, ctx),
    save: (userId: string, id: string, projectId: string, ctx: CommandContext) => react('save', true, userId, id, projectId, ctx),
    unsave: (userId: string, id: string, projectId: string, ctx: CommandContext) => react('save', false, userId, id, projectId, ctx),
    /** A comment (parentId null) or a reply to a top-level comment. */
    async comment(userId: string, idOrUsername: string, projectId: string, text: string, parentId: string | null, ctx: CommandContext) {
      const access = await reactionAccessOf(deps, idOrUsername, projectId, userId);
      const { hackathonId } = access;
      if (access.available) await assertNoBlock(deps.store, userId, access.memberIds);
      const commentId = crypto.randomUUID();
      const command = { type: 'Comment', hackathonId, projectId, commentId, parentId, userId, text, available: access.available, now: now() } as const;
      const result = await handleCommand(deps.store, hackathonProjectCommentsStream(hackathonId, projectId), hackathonCommentsDecider, command, ctx, now);
      await caughtUp(deps.progress, result.position, result.events);
      return { hackathonId, projectId, commentId };
    },
  };
}

export type ProjectReactionService = ReturnType<typeof createProjectReactionService>;
