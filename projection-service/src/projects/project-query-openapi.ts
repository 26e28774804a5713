import { z } from 'zod';
import type { ApiRegistration } from '@circuit/shared/http/openapi/contract';
import { ProjectSchema } from '@circuit/shared/api/projects';
import { ProfileHackathonProjectSchema } from '@circuit/shared/api/hackathon-projects';

export const projectQueryOpenApi: ApiRegistration = (api) => {
  api.route({
    method: 'get',
    path: '/api/users/projects',
    tag: 'Projects',
    summary: "A user's projects, newest first",
    description: 'Without `username`, the signed-in user’s own. This answer of the spec carries `projects` in place of `data`.',
    auth: 'optional',
    query: z.object({ username: z.string().optional().meta({ description: 'Case-insensitive' }) }),
    ok: {
      status: 200,
      description: 'The projects',
      contentType: 'application/json',
      schema: z.strictObject({
        success: z.literal(true),
        projects: z.array(ProjectSchema),
        hackathonProjects: z.array(ProfileHackathonProjectSchema).meta({ description: 'Hackathon projects the user entered, once the hackathon’s gallery is open; newest first' }),
      }),
    },
    errors: { 400: 'Username is required (signed out, no username)', 403: 'The owner has blocked you', 404: 'User not found' },
  });
  api.route({
    method: 'get',
    path: '/api/users/projects/{id}',
    tag: 'Projects',
    summary: 'One project, as the list shows it',
    description: 'Where a write that answered 202 points its `Location`: poll it until the project is there.',
    auth: 'optional',
    params: z.object({ id: z.string().meta({ description: 'A project id' }) }),
    ok: { data: ProjectSchema },
    errors: { 403: 'The owner has blocked you', 404: 'Project not found' },
  });
};
