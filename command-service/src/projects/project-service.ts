import crypto from 'node:crypto';
import { handleCommand, loadState, type CommandContext } from '@circuit/shared/commands/decider';
import { projectLikeStream, projectSaveStream, projectStream } from '@circuit/shared/events/projects';
import type { CommandServiceDeps } from '../context';
import { caughtUp } from '../http/read-your-writes';
import { projectDecider, type ProjectChanges, type ProjectCommand } from './project-decider';
import { reactionDecider } from './reaction-decider';
import type { ReactionKind } from '../reactions/reaction-decider';
import { assertNoBlock } from '../reactions/blocks';
import { recordUploadUses } from '../uploads/upload-uses';

/** Project use cases; each answers after the read models include what it appended. */
export function createProjectService(deps: CommandServiceDeps) {
  const now = deps.now ?? (() => new Date());

  async function execute(projectId: string, command: ProjectCommand, ctx: CommandContext) {
    const result = await handleCommand(deps.store, projectStream(projectId), projectDecider, command, ctx, now);
    // The image in use is known to the sweeper of abandoned uploads before the answer.
    await recordUploadUses(deps.knex, projectStream(projectId), result.events, result.position);
    await caughtUp(deps.progress, result.position, result.events);
    return result;
  }

  async function react(kind: ReactionKind, add: boolean, userId: string, projectId: string, ctx: CommandContext) {
    const { state: project } = await loadState(deps.store, projectStream(projectId), projectDecider);
    if (add) await assertNoBlock(deps.store, userId, [project.ownerId]);
    const stream = kind === 'like' ? projectLikeStream(projectId, userId) : projectSaveStream(projectId, userId);
    const result = await handleCommand(
      deps.store,
      stream,
      reactionDecider,
      { type: add ? 'Add' : 'Remove', kind, subject: { projectId }, userId, available: project.status === 'active', now: now() },
      ctx,
      now,
    );
    await caughtUp(deps.progress, result.position, result.events);
  }

  return {
    /** `projectId`: given by a caller that must find the project again (the demo seed); a new one otherwise. */
    async create(ownerId: string, changes: ProjectChanges, ctx: CommandContext, projectId: string = crypto.randomUUID()): Promise<string> {
      await execute(projectId, { type: 'CreateProject', projectId, ownerId, changes, now: now() }, ctx);
      return projectId;
    },
    async update(userId: string, projectId: string, changes: ProjectChanges, ctx: CommandContext) {
      await execute(projectId, { type: 'UpdateProject', projectId, userId, changes, now: now() }, ctx);
    },
    async remove(userId: string, projectId: string, ctx: CommandContext) {
      await execute(projectId, { type: 'DeleteProject', projectId, userId, now: now() }, ctx);
    },
    /** A comment (parentId null) or a reply to a top-level comment. */
    async comment(userId: string, projectId: string, text: string, parentId: string | null, ctx: CommandContext): Promise<string> {
      const commentId = crypto.randomUUID();
      const { state: project } = await loadState(deps.store, projectStream(projectId), projectDecider);
      await assertNoBlock(deps.store, userId, [project.ownerId]);
      await execute(projectId, { type: 'Comment', projectId, commentId, parentId, userId, text, now: now() }, ctx);
      return commentId;
    },
    like: (userId: string, projectId: string, ctx: CommandContext) => react('like', true, userId, projectId, ctx),
    unlike: (userId: string, projectId: string, ctx: CommandContext) => react('like', false, userId, projectId, ctx),
    save: (userId: string, projectId: string, ctx: CommandContext) => react('save', true, userId, projectId, ctx),
    unsave: (userId: string, projectId: string, ctx: CommandContext) => react('save', false, userId, projectId, ctx),
  };
}

export type ProjectService = ReturnType<typeof createProjectService>;
