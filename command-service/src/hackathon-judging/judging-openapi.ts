import { z } from 'zod';
import type { ApiRegistration } from '@circuit/shared/http/openapi/contract';
import { JudgingWrittenSchema } from '@circuit/shared/api/hackathon-projects';
import { ExcludeVotesFormSchema, InviteJudgeFormSchema, JudgingMessages as M, JudgingSetupFormSchema, PublishWinnersFormSchema } from '@circuit/shared/validation/hackathon-judging';
import { HackathonMessages } from '@circuit/shared/validation/hackathons';

export const judgingTag = 'Hackathon judging';
export const hackathonRef = z.object({ id: z.string().meta({ description: 'The hackathon id, or its username' }) });
const organiserOnly = { 403: M.notOrganiser, 404: HackathonMessages.notFound };

/** judging-routes.ts */
export const judgingOpenApi: ApiRegistration = (api) => {
  api.tag(
    judgingTag,
    'The organiser’s judging setup (submission deadline, tracks, criteria, gallery, voting window, assignment mode), judges, the assignment of projects to judges, ' +
      'vote exclusions and published winners (docs/judging.md). Only the hackathon’s creator and admins write here (403 for anyone else). ' +
      'Each write answers the hackathon id; GET /api/hackathons/{id}/judging shows the setup as it then stands.',
  );
  const write = (method: 'put' | 'post' | 'delete', path: string, summary: string, message: string, extra: { body?: z.ZodType; params?: z.ZodObject; errors?: Record<number, string>; description?: string } = {}) =>
    api.route({
      method,
      path,
      tag: judgingTag,
      summary,
      description: extra.description,
      auth: 'session',
      params: extra.params ?? hackathonRef,
      body: extra.body,
      ok: { data: JudgingWrittenSchema, message },
      errors: { ...organiserOnly, ...extra.errors },
    });
  write('put', '/api/hackathons/{id}/judging', 'Save the judging setup (the whole setup)', M.setupSaved, {
    body: JudgingSetupFormSchema,
    description: 'Tracks and criteria keep the `id` of the last answer; a new one comes without and is named by the server. An empty deadline is the hackathon’s end date.',
    errors: { 400: `${M.duplicateIds}; ${M.votingWindow}; ${M.unknownTrack}; ${M.trackJudgeUnknown}; ${M.deadlineInvalid}` },
  });
  write('post', '/api/hackathons/{id}/judges', 'Invite a judge by username or e-mail', M.judgeInvited, {
    body: InviteJudgeFormSchema,
    description: `By e-mail: ${M.judgeInvitedByEmail.toLowerCase()} (an address a verified account holds already names that user at once).`,
    errors: { 404: `${M.judgeUserNotFound}; ${HackathonMessages.notFound}`, 409: M.judgeAlready },
  });
  write('delete', '/api/hackathons/{id}/judges/{judgeId}', 'Remove a judge', M.judgeRemoved, {
    params: hackathonRef.extend({ judgeId: z.string().meta({ description: 'The judge’s user id, or the e-mail of a pending invitation' }) }),
    errors: { 404: `${M.judgeNotFound}; ${HackathonMessages.notFound}` },
  });
  write('post', '/api/hackathons/{id}/judging/assign', 'Assign the submitted projects to the judges', M.assigned, {
    description: 'By the setup’s mode: every judge every project, N judges per project spread evenly, or by track; never a judge of the project’s own team. Recorded as one event; replaces the assignment before.',
    errors: { 400: M.noJudges },
  });
  write('post', '/api/hackathons/{id}/votes/exclusions', 'Leave votes out of the count, with a reason', M.votesExcluded, { body: ExcludeVotesFormSchema, errors: { 400: `${M.votersRequired}; ${M.reasonRequired}` } });
  write('post', '/api/hackathons/{id}/results/publish', 'Publish the winners per prize', M.winnersPublished, {
    body: PublishWinnersFormSchema,
    description: 'Recorded on the judging stream; the results announcement and the participants’ notifications follow from it.',
    errors: { 400: `${M.winnersInvalid}; ${M.winnerUnknownProject}; ${M.winnerUnknownTrack}` },
  });
};
