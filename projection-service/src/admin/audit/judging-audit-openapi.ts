import { z } from 'zod';
import type { ApiRegistration } from '@circuit/shared/http/openapi/contract';
import { AuditJudgingDetailSchema, AuditJudgingSchema } from '@circuit/shared/api/admin-judging';
import { JudgingStandingsSchema } from '@circuit/shared/api/hackathon-judging';
import { ListParams } from '../admin-openapi';
import { AUDIT, range } from './audit-openapi';

const tag = 'Admin (ra-data-simple-rest)';
const id = z.object({ id: z.string().meta({ description: 'The hackathon id' }) });

/** judging-audit-routes.ts */
export const judgingAuditOpenApi: ApiRegistration = (api) => {
  api.route({
    method: 'get',
    path: '/api/admin/audit/judging',
    tag,
    summary: 'Hackathons with a judging setup, for the audit',
    description: 'Record ids are hackathon ids. Sortable by title, lastScoredAt (never scored last), scores, projects. Filters: `q` (title or username), `id`.',
    auth: 'session',
    query: ListParams,
    ok: { status: 200, description: 'The records of the range', contentType: 'application/json', schema: z.array(AuditJudgingSchema), headers: range('audit/judging') },
    errors: { 400: 'A parameter is not the JSON the dialect expects', ...AUDIT },
  });
  api.route({
    method: 'get',
    path: '/api/admin/audit/judging/{id}',
    tag,
    summary: 'A hackathon’s judging: every score event (who, when, project, criterion, old and new) straight from the judges’ streams in the event store, the moments to replay at, and the standings now',
    auth: 'session',
    params: id,
    ok: { status: 200, description: 'The record', contentType: 'application/json', schema: AuditJudgingDetailSchema },
    errors: { ...AUDIT, 404: 'No judging for this hackathon' },
  });
  api.route({
    method: 'get',
    path: '/api/admin/audit/judging/{id}/standings',
    tag,
    summary: 'The three rankings (raw, z-score, trimmed) replayed from the score events as they stood at a moment',
    description: 'A score counts from the instant it was given (`at` of its event): `at` equal to a timeline entry’s includes it.',
    auth: 'session',
    params: id,
    query: z.object({ at: z.string().optional().meta({ description: 'An ISO 8601 instant; default now', example: '2026-11-25T10:00:00Z' }) }),
    ok: { status: 200, description: 'The standings at the moment', contentType: 'application/json', schema: JudgingStandingsSchema },
    errors: { 400: 'at is not an ISO 8601 instant', ...AUDIT, 404: 'No judging for this hackathon' },
  });
};
