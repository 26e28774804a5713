import type { ComparedProject, TrackRanking } from '@circuit/shared/api/hackathon-judging';
import type { Normalisation } from '@circuit/shared/judging/ranking';

/** The three normalisations in the order the console shows them, with their column names. */
export const NORMALISATION_LABELS: Record<Normalisation, string> = { raw: 'Raw mean', zscore: 'Per-judge z-score', trimmed: 'Trimmed mean' };
export const NORMALISATION_ORDER: Normalisation[] = ['raw', 'zscore', 'trimmed'];

/**
 * The normalisations whose place for this project is not the place most of them give: the cells to
 * mark. When all three agree, none; when all three differ, all three (there is no majority to trust).
 * A project nobody scored (every place null) is never marked.
 */
export function differingCells(row: Pick<ComparedProject, 'raw' | 'zscore' | 'trimmed'>): Set<Normalisation> {
  const places = NORMALISATION_ORDER.map((n) => [n, row[n].place] as const);
  if (places.every(([, p]) => p === null)) return new Set();
  const counts = new Map<number | null, number>();
  for (const [, p] of places) counts.set(p, (counts.get(p) ?? 0) + 1);
  const majority = [...counts.entries()].find(([, c]) => c >= 2)?.[0];
  if (majority === undefined) return new Set(NORMALISATION_ORDER);
  return new Set(places.filter(([, p]) => p !== majority).map(([n]) => n));
}

/** How many of a track's projects do not get the same place under all three (the track's heading says it). */
export const differingCount = (track: Pick<TrackRanking, 'rows'>) => track.rows.filter((r) => differingCells(r).size > 0).length;

/** An ordinal place for a cell: "1st", "2nd", "3rd", "11th"; an unscored project shows a dash. */
export function placeLabel(place: number | null): string {
  if (place === null) return '–';
  const tens = place % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : ['th', 'st', 'nd', 'rd'][place % 10] ?? 'th';
  return `${place}${suffix}`;
}

/** A cell's value: 0..1 as a percentage for raw and trimmed, judges' standard deviations (signed) for the z-score. */
export function valueLabel(normalisation: Normalisation, value: number | null): string {
  if (value === null) return 'not scored';
  if (normalisation === 'zscore') return `${value >= 0 ? '+' : '−'}${Math.abs(value).toFixed(2)} σ`;
  return `${(value * 100).toFixed(1)}%`;
}
