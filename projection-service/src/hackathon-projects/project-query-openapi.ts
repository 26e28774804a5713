import { z } from 'zod';
import type { ApiRegistration } from '@circuit/shared/http/openapi/contract';
import {
  GalleryQuerySchema,
  JudgingSetupAnswerSchema,
  MyProjectSchema,
  MyReactionsSchema,
  ProjectCommentsSchema,
  ProjectDetailSchema,
  ProjectGallerySchema,
} from '@circuit/shared/api/hackathon-projects';
import { JudgingMessages as J } from '@circuit/shared/hackathons/judging-messages';
import { HackathonMessages as M } from '@circuit/shared/validation/hackathons';
import { HackathonRef as hackathonRef, errors } from '../hackathon-announcements/announcement-query-openapi';

/** project-query-routes.ts */
const projectRef = hackathonRef.extend({ projectId: z.string().meta({ description: 'The team’s id, or the solo participant’s user id' }) });

export const hackathonProjectQueryOpenApi: ApiRegistration = (api) => {
  api.route({
    method: 'get',
    path: '/api/hackathons/{id}/judging',
    tag: 'Hackathon judging',
    summary: 'The judging setup, the judges and the published winners, with what the viewer is',
    description: 'Pending invitations by e-mail are listed for the organiser only.',
    auth: 'optional',
    params: hackathonRef,
    ok: { data: JudgingSetupAnswerSchema },
    errors,
  });
  api.route({
    method: 'get',
    path: '/api/hackathons/{id}/projects',
    tag: 'Hackathon projects',
    summary: 'The project gallery: one page of cards, with search and filters',
    description:
      'Everyone sees every project once the organiser opens the gallery. Before that the organiser and admins see every project, a judge the projects assigned to them, a team its own, anyone else none (`viewer.scope`). ' +
      'Each project is the version judged: the last submitted before the deadline. Cards only (no description); `limit` cards a page (24 unless given), the next page at `cursor` = the answer’s `nextCursor`; `total` counts every match. ' +
      'The answer for everyone is the same for every viewer and is served from the read cache while the read models stand still.',
    auth: 'optional',
    params: hackathonRef,
    query: GalleryQuerySchema,
    ok: { data: ProjectGallerySchema },
    errors: { ...errors, 400: 'The cursor is not one this server gave out; limit must be between 1 and 50' },
  });
  api.route({
    method: 'get',
    path: '/api/hackathons/{id}/projects.csv',
    tag: 'Hackathon projects',
    summary: 'Every project judged now as CSV (team, members, links, tracks, awards), for the organiser',
    description: 'Every value quoted; a value a spreadsheet would run as a formula starts with an apostrophe.',
    auth: 'session',
    params: hackathonRef,
    ok: { status: 200, description: 'RFC 4180 CSV with a UTF-8 byte-order mark', contentType: 'text/csv', schema: z.string() },
    errors: { ...errors, 403: `${J.notOrganiser}; ${errors[403]}` },
  });
  api.route({
    method: 'get',
    path: '/api/hackathons/{id}/projects/{projectId}',
    tag: 'Hackathon projects',
    summary: 'One project: team, links, video embed, images, counts, and the viewer’s own votes, like and save',
    description:
      'Under the gallery’s rule; 404 for a project the viewer may not see, so its existence is not told. `viewerVotes`: the signed-in viewer’s current community votes in the hackathon (per track, or one for the whole hackathon), so the vote button can say which is theirs; `viewerReactions`: whether they like and save it.',
    auth: 'optional',
    params: projectRef,
    ok: { data: ProjectDetailSchema },
    errors: { ...errors, 404: `${J.projectNotFound}; ${M.notFound}` },
  });
  api.route({
    method: 'get',
    path: '/api/hackathons/{id}/projects/{projectId}/comments',
    tag: 'Hackathon projects',
    summary: 'The project’s comments, oldest first, each with its replies',
    description: 'Under the gallery’s rule, as the project itself (404 otherwise).',
    auth: 'optional',
    params: projectRef,
    ok: { data: ProjectCommentsSchema },
    errors: { ...errors, 404: `${J.projectNotFound}; ${M.notFound}` },
  });
  api.route({
    method: 'get',
    path: '/api/hackathons/{id}/my-reactions',
    tag: 'Hackathon projects',
    summary: 'The ids of the hackathon’s projects the viewer likes and saves',
    description: 'Beside the gallery, whose answer is the same for everyone: the cards’ like and save buttons say which are the viewer’s.',
    auth: 'session',
    params: hackathonRef,
    ok: { data: MyReactionsSchema },
    errors,
  });
  api.route({
    method: 'get',
    path: '/api/hackathons/{id}/project',
    tag: 'Hackathon projects',
    summary: 'The viewer’s own team project: the draft, the version judged, the deadline, whether they may edit',
    auth: 'session',
    params: hackathonRef,
    ok: { data: MyProjectSchema },
    errors,
  });
};
