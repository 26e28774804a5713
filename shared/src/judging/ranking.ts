/**
 * The ranking of a hackathon's projects from its judges' scores, pure: the projection serves it to
 * the organiser, the replay computes it from the scores up to a moment, the benchmark times it.
 *
 * Each score is first brought to 0..1 by its criterion's scale (1 -> 0, the top of the scale -> 1),
 * so a criterion scored 1-5 and one scored 1-10 weigh only by their weights. A judge's value for a
 * project is the weighted mean of the criteria they scored on it; a project's value is the mean of
 * its judges' values under one of three normalisations:
 *  - raw: as scored;
 *  - zscore: each score standardised by its judge's own mean and population standard deviation over
 *    everything that judge scored, so a harsh judge and a generous one count alike (a judge whose
 *    scores are all equal tells nothing apart and contributes 0);
 *  - trimmed: as raw, with the highest and the lowest judge left out when a project has 3 or more.
 */

export const NORMALISATIONS = ['raw', 'zscore', 'trimmed'] as const;
export type Normalisation = (typeof NORMALISATIONS)[number];

export interface RankingCriterion {
  id: string;
  weight: number;
  /** The top of the scale: scores run 1..scale. */
  scale: number;
}

export interface RankingProject {
  projectId: string;
  title: string;
  trackIds: string[];
}

/** One judge's current score of one criterion of one project. */
export interface JudgeScore {
  judgeUserId: string;
  projectId: string;
  criterionId: string;
  value: number;
}

export interface RankingInput {
  criteria: RankingCriterion[];
  /** The tracks to rank, in the order to show them; a project's track not listed here is not ranked as one. */
  trackIds: string[];
  projects: RankingProject[];
  scores: JudgeScore[];
}

/** A score with its value on 0..1 and its judge's z-score of that. */
export interface NormalisedScore extends JudgeScore {
  unit: number;
  z: number;
}

/** A project's value under one normalisation: null while no judge has scored it. */
export interface ProjectValue {
  projectId: string;
  title: string;
  judges: number;
  value: number | null;
}

export interface PlacedProject extends ProjectValue {
  /** 1 for the first; null for a project no judge has scored (listed last). */
  place: number | null;
}

/** One ranking: of every project (trackId null), or of the projects entering one track. */
export interface TrackRanking<Row> {
  trackId: string | null;
  rows: Row[];
}

/** Scores of unknown criteria (a criterion removed after scoring) are left out; the rest get `unit` and `z`. */
export function normaliseScores(criteria: readonly RankingCriterion[], scores: readonly JudgeScore[]): NormalisedScore[] {
  const scaleOf = new Map(criteria.map((criterion) => [criterion.id, criterion.scale]));
  const known: JudgeScore[] = [];
  const units: number[] = [];
  for (const score of scores) {
    const scale = scaleOf.get(score.criterionId);
    if (scale === undefined) continue;
    known.push(score);
    units.push(scale > 1 ? (score.value - 1) / (scale - 1) : 0);
  }
  const spread = judgeSpreads(known, units);
  // Objects written out field by field: spreading 10,000 scores twice cost more than the ranking.
  return known.map(({ judgeUserId, projectId, criterionId, value }, i) => {
    const unit = units[i]!;
    const { mean, deviation } = spread.get(judgeUserId) ?? { mean: 0, deviation: 0 };
    return { judgeUserId, projectId, criterionId, value, unit, z: deviation > 0 ? (unit - mean) / deviation : 0 };
  });
}

/**
 * Each judge's mean and population standard deviation over everything they scored, in two passes
 * (mean, then squared distances from it). Equal scores can still leave rounding dust (1/3 summed and
 * divided is not quite 1/3) that a division would blow up to ±1, so a deviation below 1e-9 is none:
 * the smallest real one (one score a ninth away from n - 1 others) is about 1 / (9 * sqrt(n)).
 */
function judgeSpreads(scores: readonly { judgeUserId: string }[], units: readonly number[]): Map<string, { mean: number; deviation: number }> {
  const sums = new Map<string, { n: number; sum: number; squares: number }>();
  scores.forEach(({ judgeUserId }, i) => {
    const s = sums.get(judgeUserId) ?? { n: 0, sum: 0, squares: 0 };
    s.n += 1;
    s.sum += units[i]!;
    sums.set(judgeUserId, s);
  });
  scores.forEach(({ judgeUserId }, i) => {
    const s = sums.get(judgeUserId);
    if (s) s.squares += (units[i]! - s.sum / s.n) ** 2;
  });
  const spreads = new Map<string, { mean: number; deviation: number }>();
  for (const [judge, { n, sum, squares }] of sums) {
    const deviation = Math.sqrt(squares / n);
    spreads.set(judge, { mean: sum / n, deviation: deviation < 1e-9 ? 0 : deviation });
  }
  return spreads;
}

/** project id -> judge id -> that judge's weighted means of the project's criteria, on units and on z-scores. */
export type JudgeValues = Map<string, Map<string, { unit: number; z: number }>>;

export function judgeValues(criteria: readonly RankingCriterion[], normalised: readonly NormalisedScore[]): JudgeValues {
  const weightOf = new Map(criteria.map((criterion) => [criterion.id, criterion.weight]));
  const sums = new Map<string, Map<string, { weight: number; unit: number; z: number; n: number }>>();
  for (const score of normalised) {
    const weight = weightOf.get(score.criterionId) ?? 0;
    const byJudge = sums.get(score.projectId) ?? new Map<string, { weight: number; unit: number; z: number; n: number }>();
    const s = byJudge.get(score.judgeUserId) ?? { weight: 0, unit: 0, z: 0, n: 0 };
    s.weight += weight;
    s.unit += weight * score.unit;
    s.z += weight * score.z;
    s.n += 1;
    byJudge.set(score.judgeUserId, s);
    sums.set(score.projectId, byJudge);
  }
  const values: JudgeValues = new Map();
  for (const [projectId, byJudge] of sums) {
    const means = new Map<string, { unit: number; z: number }>();
    for (const [judge, s] of byJudge) {
      // All weights 0 would divide by nothing: then every criterion counts alike.
      means.set(judge, s.weight > 0 ? { unit: s.unit / s.weight, z: s.z / s.weight } : { unit: s.unit / s.n, z: s.z / s.n });
    }
    values.set(projectId, means);
  }
  return values;
}

function projectValue(perJudge: readonly { unit: number; z: number }[], normalisation: Normalisation): number | null {
  if (perJudge.length === 0) return null;
  if (normalisation === 'zscore') return mean(perJudge.map((v) => v.z));
  const units = perJudge.map((v) => v.unit);
  if (normalisation === 'trimmed' && units.length >= 3) return mean([...units].sort((a, b) => a - b).slice(1, -1));
  return mean(units);
}

function mean(values: readonly number[]): number {
  let sum = 0;
  for (const v of values) sum += v;
  return sum / values.length;
}

/** Every project's value under each normalisation, from one pass over the scores. */
export function projectValues(input: RankingInput): Record<Normalisation, Map<string, ProjectValue>> {
  const values = judgeValues(input.criteria, normaliseScores(input.criteria, input.scores));
  const answer = { raw: new Map(), zscore: new Map(), trimmed: new Map() } as Record<Normalisation, Map<string, ProjectValue>>;
  for (const project of input.projects) {
    const perJudge = [...(values.get(project.projectId)?.values() ?? [])];
    for (const normalisation of NORMALISATIONS) {
      answer[normalisation].set(project.projectId, { projectId: project.projectId, title: project.title, judges: perJudge.length, value: projectValue(perJudge, normalisation) });
    }
  }
  return answer;
}

/**
 * Places, 1 for the highest value; an equal value goes to the project with more judges, then by
 * title (then id, so no place depends on the order rows came in). Unscored projects come last, unplaced.
 */
export function placeProjects(values: readonly ProjectValue[]): PlacedProject[] {
  const sorted = [...values].sort(
    (a, b) =>
      (b.value ?? -Infinity) - (a.value ?? -Infinity) ||
      b.judges - a.judges ||
      compareText(a.title, b.title) ||
      compareText(a.projectId, b.projectId),
  );
  return sorted.map((row, i) => ({ ...row, place: row.value === null ? null : i + 1 }));
}

/** Code-unit order: the same on every machine (locale order is not). */
function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The overall ranking first, then one per track in `input.trackIds` order, each under the given normalisation. */
export function rankProjects(input: RankingInput, normalisation: Normalisation): TrackRanking<PlacedProject>[] {
  return rankAll(input)[normalisation];
}

function rankAll(input: RankingInput): Record<Normalisation, TrackRanking<PlacedProject>[]> {
  const values = projectValues(input);
  const groups = trackGroups(input);
  const rank = (normalisation: Normalisation) =>
    groups.map(({ trackId, projectIds }) => ({
      trackId,
      rows: placeProjects(projectIds.map((id) => values[normalisation].get(id)).filter((v): v is ProjectValue => v !== undefined)),
    }));
  return { raw: rank('raw'), zscore: rank('zscore'), trimmed: rank('trimmed') };
}

function trackGroups(input: RankingInput): { trackId: string | null; projectIds: string[] }[] {
  const all = input.projects.map((p) => p.projectId);
  return [
    { trackId: null, projectIds: all },
    ...input.trackIds.map((trackId) => ({ trackId, projectIds: input.projects.filter((p) => p.trackIds.includes(trackId)).map((p) => p.projectId) })),
  ];
}

export interface PlaceAndValue {
  value: number | null;
  place: number | null;
}

/** One project's line in the side-by-side view: its place and value under each normalisation. */
export interface ComparedProject extends Record<Normalisation, PlaceAndValue> {
  projectId: string;
  title: string;
  judges: number;
  /** True when the three normalisations do not all give it the same place. */
  differs: boolean;
}

/** The three rankings side by side, per track (overall first), rows in the order of `orderBy`'s ranking. */
export function compareRankings(input: RankingInput, orderBy: Normalisation = 'raw'): TrackRanking<ComparedProject>[] {
  const all = rankAll(input);
  return all[orderBy].map((ranking, i) => {
    const placed = Object.fromEntries(
      NORMALISATIONS.map((n) => [n, new Map((all[n][i]?.rows ?? []).map((row) => [row.projectId, row]))]),
    ) as Record<Normalisation, Map<string, PlacedProject>>;
    return {
      trackId: ranking.trackId,
      rows: ranking.rows.map((row) => {
        const of = (n: Normalisation): PlaceAndValue => {
          const r = placed[n].get(row.projectId);
          return { value: r?.value ?? null, place: r?.place ?? null };
        };
        const raw = of('raw');
        const zscore = of('zscore');
        const trimmed = of('trimmed');
        return {
          projectId: row.projectId,
          title: row.title,
          judges: row.judges,
          raw,
          zscore,
          trimmed,
          differs: raw.place !== zscore.place || raw.place !== trimmed.place,
        };
      }),
    };
  });
}
