import { handleCommand, type CommandContext } from '@circuit/shared/commands/decider';
import { hackathonScoresStream } from '@circuit/shared/events/hackathon-scoring';
import type { ScoreBody } from '@circuit/shared/validation/hackathon-scoring';
import type { CommandServiceDeps } from '../context';
import { caughtUp } from '../http/read-your-writes';
import { resolveEmails } from './judge-emails';
import { criteriaOf, isJudge } from './judging-fold';
import { judgingContextOf } from './judging-context';
import { scoreDecider, scoreKey, type ScoreSheet } from './score-decider';

/** The project's line of the judge's sheet, as the write answers it (ScoreWrittenSchema). */
function sheetLine(sheet: ScoreSheet, projectId: string, criterionIds: readonly string[]) {
  const scores = criterionIds.flatMap((criterionId) => {
    const value = sheet.scores[scoreKey(projectId, criterionId)];
    return value === undefined ? [] : [{ criterionId, value }];
  });
  return { projectId, scores, note: sheet.notes[projectId] ?? '', scored: scores.length, complete: criterionIds.length > 0 && scores.length === criterionIds.length };
}

/** A judge's scores and notes; each answers after the read models include what it appended. */
export function createScoringService(deps: CommandServiceDeps) {
  const now = deps.now ?? (() => new Date());

  return {
    async score(judgeUserId: string, idOrUsername: string, projectId: string, body: ScoreBody, ctx: CommandContext) {
      const { listing, judging, project } = await judgingContextOf(deps.store, idOrUsername, projectId);
      const resolved = await resolveEmails(deps, judging.judgeEmails);
      const on = { hackathonId: listing.hackathonId, judgeUserId, project, judging, isJudge: isJudge(judging, judgeUserId, resolved), now: now() };
      const command = 'note' in body ? { type: 'SaveNote' as const, note: body.note, ...on } : { type: 'Score' as const, criterionId: body.criterionId, value: body.value, ...on };
      const result = await handleCommand(deps.store, hackathonScoresStream(listing.hackathonId, judgeUserId), scoreDecider, command, ctx, now);
      await caughtUp(deps.progress, result.position, result.events);
      const line = sheetLine(result.state, projectId, criteriaOf(judging).map((c) => c.id));
      return { hackathonId: listing.hackathonId, ...line, changed: result.events.length > 0 };
    },
  };
}

export type ScoringService = ReturnType<typeof createScoringService>;
