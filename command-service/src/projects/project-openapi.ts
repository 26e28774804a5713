import { z } from 'zod';
import type { ApiRegistration } from '@circuit/shared/http/openapi/contract';
import { DeletedProjectSchema, ProjectSchema, UploadedImageSchema } from '@circuit/shared/api/projects';
import { CommentBody } from '@circuit/shared/validation/profile';
import { ProjectInput } from './project-routes';

const tag = 'Projects';
const ProjectId = z.object({ id: z.string().meta({ description: 'The project id (a UUID)' }) });
const CommentPath = ProjectId.extend({ commentId: z.string().meta({ description: 'The comment replied to' }) });
const NOT_FOUND = 'No such project (or not a project id)';

/** The project writes (project-routes.ts); each answers the project as it now reads. */
export const projectOpenApi: ApiRegistration = (api) => {
  api.tag(tag, [
    '`githubUrl` and `liveUrl` must be http(s) addresses; `image` an `/uploads/...` URL from the image call or an http(s) address. On `PUT`, `githubUrl`, `liveUrl` and `image` left out keep their value; `""` (or `image: null`) clears them.',
    'Likes and saves are idempotent (liking twice records nothing). Comments and replies are oldest first; `likes` and `saves` in the order they were given. A reply goes to an existing top-level comment only.',
    'A project whose owner and the viewer have blocked each other cannot be liked, saved or commented on (403).',
  ]);
  api.route({
    method: 'post',
    path: '/api/users/projects/image',
    tag,
    summary: "Upload a project's image; its URL goes in the project's `image`",
    auth: 'session',
    command: false,
    body: { multipart: 'image', description: 'The image file (PNG, JPEG, GIF or WebP; at most 5 MB)' },
    ok: { data: UploadedImageSchema, message: 'Image uploaded' },
    errors: { 400: 'No file, or not an image', 413: 'The image is larger than 5 MB' },
  });
  api.route({
    method: 'post',
    path: '/api/users/projects',
    tag,
    summary: 'Add a project to the signed-in user’s profile',
    auth: 'session',
    body: ProjectInput,
    ok: { status: 201, data: ProjectSchema, message: 'Project added successfully!' },
    errors: { 400: 'A field breaks its rule (the message names it)' },
  });
  api.route({
    method: 'put',
    path: '/api/users/projects/{id}',
    tag,
    summary: 'Edit one of your projects',
    auth: 'session',
    params: ProjectId,
    body: ProjectInput,
    ok: { data: ProjectSchema, message: 'Project updated successfully!' },
    errors: { 400: 'A field breaks its rule', 403: 'Not your project', 404: NOT_FOUND },
  });
  api.route({
    method: 'delete',
    path: '/api/users/projects/{id}',
    tag,
    summary: 'Delete one of your projects',
    auth: 'session',
    params: ProjectId,
    ok: { data: DeletedProjectSchema, message: 'Project deleted successfully!' },
    errors: { 403: 'Not your project', 404: NOT_FOUND },
  });
  for (const [action, message] of [
    ['like', 'Project liked'],
    ['unlike', 'Project unliked'],
    ['save', 'Project saved'],
    ['unsave', 'Project unsaved'],
  ] as const) {
    api.route({
      method: 'post',
      path: `/api/users/projects/{id}/${action}`,
      tag,
      summary: `${action[0]!.toUpperCase()}${action.slice(1)} a project (doing it twice changes nothing)`,
      auth: 'session',
      params: ProjectId,
      ok: { data: ProjectSchema, message },
      errors: { 403: 'You and the owner have blocked each other', 404: NOT_FOUND },
    });
  }
  api.route({
    method: 'post',
    path: '/api/users/projects/{id}/comments',
    tag,
    summary: 'Comment on a project',
    auth: 'session',
    params: ProjectId,
    body: CommentBody,
    rateLimited: true,
    ok: { status: 201, data: ProjectSchema, message: 'Comment added' },
    errors: { 400: 'Empty or too long comment', 403: 'You and the owner have blocked each other', 404: NOT_FOUND },
  });
  api.route({
    method: 'post',
    path: '/api/users/projects/{id}/comments/{commentId}/replies',
    tag,
    summary: 'Reply to a comment (one level deep)',
    auth: 'session',
    params: CommentPath,
    body: CommentBody,
    rateLimited: true,
    ok: { status: 201, data: ProjectSchema, message: 'Reply added' },
    errors: { 400: 'Empty or too long reply', 403: 'You and the owner have blocked each other', 404: 'No such project or comment' },
  });
};
