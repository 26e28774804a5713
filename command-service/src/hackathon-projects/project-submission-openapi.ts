import { z } from 'zod';
import type { ApiRegistration } from '@circuit/shared/http/openapi/contract';
import { ProjectWrittenSchema } from '@circuit/shared/api/hackathon-projects';
import { FromPortfolioFormSchema, JudgingMessages as M, ProjectFormSchema } from '@circuit/shared/validation/hackathon-judging';
import { HackathonMessages } from '@circuit/shared/validation/hackathons';
import { hackathonRef } from '../hackathon-judging/judging-openapi';

const tag = 'Hackathon projects';
const refusals = { 400: `${M.deadlinePassed}; ${M.notApproved}; ${M.unknownTrack}`, 403: M.notEntrant, 404: HackathonMessages.notFound };

/** project-submission-routes.ts */
export const projectSubmissionOpenApi: ApiRegistration = (api) => {
  api.tag(
    tag,
    'A team’s project (or a solo participant’s where the team minimum is 1): a draft, then Submit, editable until the submission deadline on the server’s clock. ' +
      'The version judged and shown is the last submitted before the deadline. Images are uploaded first with `POST /api/upload/image`. ' +
      'Each write answers the hackathon and project ids (the project’s id is the team’s, or the solo participant’s user id); GET /api/hackathons/{id}/project shows it.',
  );
  const write = (method: 'put' | 'post', path: string, summary: string, message: string, body?: z.ZodType, errors: Record<number, string> = {}) =>
    api.route({ method, path, tag, summary, auth: 'session', params: hackathonRef, body, ok: { data: ProjectWrittenSchema, message }, errors: { ...refusals, ...errors } });
  write('put', '/api/hackathons/{id}/project', 'Save the draft (the whole project)', M.draftSaved, ProjectFormSchema, { 400: `${refusals[400]}; ${M.titleRequired}; ${M.taglineMax}; ${M.imagesMax}; ${M.link}` });
  write('post', '/api/hackathons/{id}/project/from-portfolio', 'Start the draft from a member’s portfolio project (its fields copied)', M.draftSaved, FromPortfolioFormSchema, {
    404: `${M.portfolioNotFound}; ${M.portfolioNotMember}; ${HackathonMessages.notFound}`,
  });
  write('post', '/api/hackathons/{id}/project/submit', 'Submit the draft', M.submitted, undefined, { 400: `${refusals[400]}; ${M.noDraft}` });
  write('post', '/api/hackathons/{id}/project/withdraw', 'Withdraw the submitted project', M.withdrawn, undefined, { 404: `${M.projectNotFound}; ${HackathonMessages.notFound}` });
};
