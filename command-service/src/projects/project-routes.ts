import { Router, type Request } from 'express';
import { z } from 'zod';
import { ok } from '@circuit/shared/http/envelope';
import { notFound } from '@circuit/shared/commands/domain-errors';
import { requireUserId } from '@circuit/shared/http/auth';
import { correlationIdOf } from '@circuit/shared/http/correlation';
import type { FileStore } from '@circuit/shared/ports/file-store';
import { CommentBody, ProjectBody } from '@circuit/shared/validation/profile';
import type { CommandServiceDeps } from '../context';
import { answerTooLarge, receiveImage } from '../uploads/image-upload';
import { answerAccepted } from '../http/accepted';
import { readModelsBehind } from '../http/read-your-writes';
import { ProjectMessages, type ProjectChanges } from './project-decider';
import type { ProjectService } from './project-service';

const ctxOf = (req: Request) => ({ userId: req.session.userId, correlationId: correlationIdOf(req) });
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const WEB_LINK = /^https?:\/\/\S+$/i;
/** An uploaded image (/uploads/...) or an http(s) address. */
const IMAGE_LINK = /^(\/uploads\/[a-z-]+\/[0-9a-f-]{36}\.(png|jpg|gif|webp)|https?:\/\/\S+)$/i;

/** The project form: ProjectBody plus links that are web addresses only (no javascript: and the like). */
export const ProjectInput = ProjectBody.superRefine((body, ctx) => {
  for (const field of ['githubUrl', 'liveUrl'] as const) {
    const value = body[field];
    if (value && !WEB_LINK.test(value)) ctx.addIssue({ code: 'custom', path: [field], message: 'Please enter a valid URL' });
  }
  if (body.image && !IMAGE_LINK.test(body.image)) ctx.addIssue({ code: 'custom', path: ['image'], message: 'Please enter a valid image URL' });
});

function changesOf(body: z.infer<typeof ProjectInput>): ProjectChanges {
  const changes: ProjectChanges = { title: body.title, description: body.description, technologies: body.technologies };
  if (body.githubUrl !== undefined) changes.githubUrl = body.githubUrl;
  if (body.liveUrl !== undefined) changes.liveUrl = body.liveUrl;
  if (body.image !== undefined) changes.image = body.image;
  return changes;
}

/** Where a client polls for a project whose read model is still catching up. */
const projectLocation = (projectId: string) => `/api/users/projects/${projectId}`;

function projectIdOf(req: Request): string {
  const id = String(req.params.id ?? '');
  if (!UUID.test(id)) throw notFound(ProjectMessages.notFound);
  return id.toLowerCase();
}

/** The project calls of the API contract (/api/openapi.json, Projects), writes only. */
export function projectRoutes(deps: CommandServiceDeps, projects: ProjectService, fileStore: FileStore): Router {
  const router = Router();

  async function view(projectId: string) {
    const project = await deps.queries.project(projectId);
    if (!project) throw notFound(ProjectMessages.notFound);
    return project;
  }

  router.post('/api/users/projects/image', async (req, res) => {
    requireUserId(req);
    try {
      const file = await receiveImage(req, res, 'image', fileStore, 'projects');
      res.json(ok({ url: file.url }, 'Image uploaded'));
    } catch (error) {
      if (!answerTooLarge(error, res)) throw error;
    }
  });

  router.post('/api/users/projects', async (req, res) => {
    const userId = requireUserId(req);
    const body = ProjectInput.parse(req.body ?? {});
    const projectId = await projects.create(userId, changesOf(body), ctxOf(req));
    if (readModelsBehind()) return answerAccepted(res, { id: projectId }, 'Project added successfully!', projectLocation(projectId));
    res.status(201).json(ok(await view(projectId), 'Project added successfully!'));
  });

  router.put('/api/users/projects/:id', async (req, res) => {
    const userId = requireUserId(req);
    const projectId = projectIdOf(req);
    const body = ProjectInput.parse(req.body ?? {});
    await projects.update(userId, projectId, changesOf(body), ctxOf(req));
    if (readModelsBehind()) return answerAccepted(res, { id: projectId }, 'Project updated successfully!', projectLocation(projectId));
    res.json(ok(await view(projectId), 'Project updated successfully!'));
  });

  router.delete('/api/users/projects/:id', async (req, res) => {
    const userId = requireUserId(req);
    const projectId = projectIdOf(req);
    await projects.remove(userId, projectId, ctxOf(req));
    if (readModelsBehind()) return answerAccepted(res, { _id: projectId, id: projectId }, 'Project deleted successfully!');
    res.json(ok({ _id: projectId, id: projectId }, 'Project deleted successfully!'));
  });

  const reactions = [
    ['like', projects.like, 'Project liked'],
    ['unlike', projects.unlike, 'Project unliked'],
    ['save', projects.save, 'Project saved'],
    ['unsave', projects.unsave, 'Project unsaved'],
  ] as const;
  for (const [action, run, message] of reactions) {
    router.post(`/api/users/projects/:id/${action}`, async (req, res) => {
      const userId = requireUserId(req);
      const projectId = projectIdOf(req);
      await run(userId, projectId, ctxOf(req));
      if (readModelsBehind()) return answerAccepted(res, { id: projectId }, message, projectLocation(projectId));
      res.json(ok(await view(projectId), message));
    });
  }

  router.post('/api/users/projects/:id/comments', async (req, res) => {
    const userId = requireUserId(req);
    const projectId = projectIdOf(req);
    const { text } = CommentBody.parse(req.body ?? {});
    const commentId = await projects.comment(userId, projectId, text, null, ctxOf(req));
    if (readModelsBehind()) return answerAccepted(res, { id: projectId, commentId }, 'Comment added', projectLocation(projectId));
    res.status(201).json(ok(await view(projectId), 'Comment added'));
  });

  router.post('/api/users/projects/:id/comments/:commentId/replies', async (req, res) => {
    const userId = requireUserId(req);
    const projectId = projectIdOf(req);
    const commentId = String(req.params.commentId ?? '');
    if (!UUID.test(commentId)) throw notFound(ProjectMessages.commentNotFound);
    const { text } = CommentBody.parse(req.body ?? {});
    const replyId = await projects.comment(userId, projectId, text, commentId.toLowerCase(), ctxOf(req));
    if (readModelsBehind()) return answerAccepted(res, { id: projectId, commentId: replyId }, 'Reply added', projectLocation(projectId));
    res.status(201).json(ok(await view(projectId), 'Reply added'));
  });

  return router;
}
