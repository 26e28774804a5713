import { toCsv, type TableColumn } from '@circuit/shared/csv/csv';
import type { JudgingCriterion } from '@circuit/shared/events/hackathon-judging';
import { normaliseScores, type RankingInput } from '@circuit/shared/judging/ranking';

/** The scores export: one line per judge, project and criterion, the value as given and normalised. */
export const SCORE_CSV_COLUMNS: readonly TableColumn[] = [
  { key: 'judge', label: 'Judge' },
  { key: 'judgeUserId', label: 'Judge id' },
  { key: 'project', label: 'Project' },
  { key: 'projectId', label: 'Project id' },
  { key: 'criterion', label: 'Criterion' },
  { key: 'weight', label: 'Weight' },
  { key: 'scale', label: 'Scale' },
  { key: 'value', label: 'Score' },
  { key: 'normalised', label: 'Normalised (0 to 1)' },
  { key: 'zscore', label: 'Z-score (judge)' },
  { key: 'scoredAt', label: 'Scored at' },
];

export interface CsvNames {
  judges: ReadonlyMap<string, string>;
  scoredAt: ReadonlyMap<string, string>;
}

export const scoredAtKey = (judgeUserId: string, projectId: string, criterionId: string) => `${judgeUserId}/${projectId}/${criterionId}`;

/** Every value quoted and formulas neutralised by toCsv (a title like "=HYPERLINK(...)" stays text). */
export function scoresCsv(criteriaList: readonly JudgingCriterion[], input: Pick<RankingInput, 'projects' | 'scores'>, names: CsvNames): string {
  const criteria = new Map(criteriaList.map((c) => [c.id, c]));
  const titles = new Map(input.projects.map((p) => [p.projectId, p.title]));
  const rows = normaliseScores(criteriaList, input.scores)
    .map((s) => ({
      judge: names.judges.get(s.judgeUserId) ?? '',
      judgeUserId: s.judgeUserId,
      project: titles.get(s.projectId) ?? '',
      projectId: s.projectId,
      criterion: criteria.get(s.criterionId)?.name ?? s.criterionId,
      weight: criteria.get(s.criterionId)?.weight ?? 0,
      scale: criteria.get(s.criterionId)?.scale ?? 0,
      value: s.value,
      normalised: round(s.unit),
      zscore: round(s.z),
      scoredAt: names.scoredAt.get(scoredAtKey(s.judgeUserId, s.projectId, s.criterionId)) ?? '',
    }))
    .sort((a, b) => a.judge.localeCompare(b.judge) || a.project.localeCompare(b.project) || a.criterion.localeCompare(b.criterion));
  return toCsv(SCORE_CSV_COLUMNS, rows);
}

/** Six decimals: enough to recompute a ranking, short enough to read. */
const round = (value: number) => Math.round(value * 1e6) / 1e6;
