import { z } from 'zod';
import type { ApiRegistration } from '@circuit/shared/http/openapi/contract';
import { JudgeAssignmentsSchema, JudgingRankingsSchema, JudgingStandingsSchema, JudgingVotesSchema } from '@circuit/shared/api/hackathon-judging';
import { HackathonMessages } from '@circuit/shared/validation/hackathons';
import { ORGANISER_ONLY, StandingsQuerySchema } from './scoring-query-routes';

const tag = 'Hackathon judging results';
const HackathonRef = z.object({ id: z.string().meta({ description: 'The hackathon id, or its username' }) });
const organiserErrors = { 403: `${ORGANISER_ONLY}; ${HackathonMessages.notAvailable}`, 404: HackathonMessages.notFound } as const;

/** scoring-query-routes.ts */
export const scoringQueryOpenApi: ApiRegistration = (api) => {
  api.tag(tag, [
    'What judges and the organiser read of judging. A project’s value is the weighted mean of its criteria, each score first brought to 0..1 by its scale (1 is 0, the top of the scale 1), under three normalisations: ' +
      '`raw` (the mean of its judges’ values), `zscore` (each score standardised by its judge’s own mean and population standard deviation over everything that judge scored; a judge whose scores are all equal contributes 0), ' +
      'and `trimmed` (the highest and the lowest judge left out when a project has 3 or more). Places break ties by more judges, then by title.',
    'The rankings, votes, standings and scores export are for the hackathon’s creator and admins.',
  ]);
  api.route({ method: 'get', path: '/api/hackathons/{id}/judge/assignments', tag, summary: 'The projects assigned to me as a judge, with my scores, notes and progress', auth: 'session', params: HackathonRef, ok: { data: JudgeAssignmentsSchema }, errors: { 403: HackathonMessages.notAvailable, 404: HackathonMessages.notFound } });
  api.route({ method: 'get', path: '/api/hackathons/{id}/judging/rankings', tag, summary: 'The three rankings side by side, overall and per track, the places that differ marked', auth: 'session', params: HackathonRef, ok: { data: JudgingRankingsSchema }, errors: organiserErrors });
  api.route({
    method: 'get',
    path: '/api/hackathons/{id}/judging/standings',
    tag,
    summary: 'The rankings replayed from the scores in the event store as they stood at `at` (before a late correction, at the close of judging)',
    auth: 'session',
    params: HackathonRef,
    query: StandingsQuerySchema,
    ok: { data: JudgingStandingsSchema },
    errors: { ...organiserErrors, 400: 'at must be an ISO 8601 instant' },
  });
  api.route({ method: 'get', path: '/api/hackathons/{id}/judging/votes', tag, summary: 'The community votes with their flags (new account, burst from one address), exclusions and totals', auth: 'session', params: HackathonRef, ok: { data: JudgingVotesSchema }, errors: organiserErrors });
  api.route({
    method: 'get',
    path: '/api/hackathons/{id}/scores.csv',
    tag,
    summary: 'Every score as `{username}_scores.csv`: per judge, project and criterion, raw and normalised; every value quoted, formulas neutralised',
    auth: 'session',
    params: HackathonRef,
    ok: { status: 200, description: 'RFC 4180 CSV with a UTF-8 byte-order mark', contentType: 'text/csv', schema: z.string() },
    errors: organiserErrors,
  });
};
