import { z } from 'zod';
import type { ApiRegistration } from '@circuit/shared/http/openapi/contract';
import { ScoreWrittenSchema, VoteWrittenSchema } from '@circuit/shared/api/hackathon-judging';
import { ScoringMessages as M } from '@circuit/shared/hackathons/scoring-messages';
import { HackathonMessages } from '@circuit/shared/validation/hackathons';
import { ScoreBodySchema, VoteBodySchema, VoteWithdrawQuerySchema } from '@circuit/shared/validation/hackathon-scoring';

const scoresTag = 'Hackathon scores';
const votesTag = 'Hackathon votes';
const id = z.string().meta({ description: 'The hackathon id, or its username' });
const ProjectRef = z.object({ id, projectId: z.string().meta({ description: 'The project id: its team’s id, or a solo participant’s user id' }) });

/** scoring-routes.ts */
export const scoringOpenApi: ApiRegistration = (api) => {
  api.tag(scoresTag, [
    'A judge scores the projects assigned to them, one criterion at a time (saved as the form is filled in), with a private note per project. ' +
      'Every score and every change of one is recorded with the value before it, so the standings can be replayed at any moment.',
    `A project not assigned to the judge answers 404 (its existence is not told); a project of the judge’s own team is refused whatever the assignment says (“${M.ownTeam}”). ` +
      'A score equal to the current one records nothing (`changed: false`).',
  ]);
  api.tag(votesTag, [
    'The community vote: one vote per verified user for the whole hackathon, or one per track when the organiser asks for that; a change of mind is allowed until voting closes (the server’s clock). ' +
      'Sending the vote already recorded records nothing (`changed: false`), so a vote counts once however often it is sent.',
    'Each vote keeps when the voter’s account was created and a keyed hash of the client address: the organiser sees votes from accounts created after voting opened, and bursts from one address, flagged (GET /api/hackathons/{id}/judging/votes).',
  ]);
  api.route({
    method: 'put',
    path: '/api/hackathons/{id}/projects/{projectId}/scores',
    tag: scoresTag,
    summary: 'Score one criterion of a project, or save the private note',
    auth: 'session',
    params: ProjectRef,
    body: ScoreBodySchema,
    ok: { data: ScoreWrittenSchema, message: `${M.scoreSaved} / ${M.noteSaved}` },
    errors: { 400: `${M.ownTeam}; ${M.criterionNotFound}; a value outside the criterion’s scale`, 404: `${M.projectNotFound} (also when not assigned to the judge); ${HackathonMessages.notFound}` },
  });
  api.route({
    method: 'put',
    path: '/api/hackathons/{id}/projects/{projectId}/vote',
    tag: votesTag,
    summary: 'Vote for a project (or change the vote)',
    auth: 'session',
    params: ProjectRef,
    body: VoteBodySchema,
    ok: { data: VoteWrittenSchema, message: M.voted },
    errors: { 400: `${M.votingClosed}; ${M.trackRequired}; ${M.notInTrack}`, 403: M.unverified, 404: `${M.projectNotFound}; ${HackathonMessages.notFound}` },
  });
  api.route({
    method: 'delete',
    path: '/api/hackathons/{id}/vote',
    tag: votesTag,
    summary: 'Withdraw my vote (the hackathon’s, or one track’s)',
    auth: 'session',
    params: z.object({ id }),
    query: VoteWithdrawQuerySchema,
    ok: { data: VoteWrittenSchema, message: M.voteWithdrawn },
    errors: { 400: M.votingClosed, 403: M.unverified, 404: HackathonMessages.notFound },
  });
};
