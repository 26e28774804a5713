import type { Knex } from 'knex';
import type { JudgingStandings } from '@circuit/shared/api/hackathon-judging';
import { HackathonScoringEventSchemas as S, hackathonScoresStream, SCORE_EVENT_TYPES } from '@circuit/shared/events/hackathon-scoring';
import type { JudgeScore } from '@circuit/shared/judging/ranking';
import type { EventStore } from '@circuit/shared/ports/event-store';
import { rankingsOf } from './rankings-answer';
import type { JudgedProject } from './scoring-queries';
import type { ScoringSetupRow } from './scoring-rows';

/**
 * The scores as they stood at `at`, read from the event store (like the console's audit views, the
 * one other reader of the store outside the projections): each judge's score stream up to that
 * instant, folded to the values then current. The judges are those the read model knows gave a
 * score (a score is never taken back, so every judge who ever scored has a row).
 */
export async function scoresAt(knex: Knex, store: EventStore, hackathonId: string, at: Date): Promise<{ scores: JudgeScore[]; scoreEvents: number }> {
  const judges = ((await knex('scoring_scores').where({ hackathon_id: hackathonId }).distinct('judge_user_id')) as { judge_user_id: string }[]).map((r) => r.judge_user_id);
  const until = at.getTime();
  const types: ReadonlySet<string> = new Set(SCORE_EVENT_TYPES);
  let scoreEvents = 0;
  const current = new Map<string, JudgeScore>();
  for (const judgeUserId of judges) {
    for (const event of await store.readStream(hackathonScoresStream(hackathonId, judgeUserId))) {
      if (!types.has(event.type)) continue;
      const d = S.HackathonScoreGiven.parse(event.data);
      // By the time the score was given, not the stream's order: two writes of one judge decided at
      // nearly the same moment may land in either order.
      if (Date.parse(d.at) > until) continue;
      scoreEvents += 1;
      current.set(`${d.projectId}/${d.criterionId}/${judgeUserId}`, { judgeUserId, projectId: d.projectId, criterionId: d.criterionId, value: d.newValue });
    }
  }
  return { scores: [...current.values()], scoreEvents };
}

/** The three rankings of the scores as they stood at `at`: the organiser's replay and the console's judging audit answer it alike. */
export async function standingsAt(knex: Knex, store: EventStore, setup: ScoringSetupRow, projects: readonly JudgedProject[], at: Date): Promise<JudgingStandings> {
  const { scores, scoreEvents } = await scoresAt(knex, store, setup.hackathon_id, at);
  const { judges, scores: counted, tracks } = rankingsOf(setup, projects, scores, at);
  return { at: at.toISOString(), scoreEvents, judges, scores: counted, tracks };
}
