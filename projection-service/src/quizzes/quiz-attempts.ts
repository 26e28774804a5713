import { rankAttempts } from '@circuit/shared/quizzes/scoring';

/** A jsonb value as knex hands it over: parsed already, or as its text. */
export const json = <T>(v: unknown): T => (typeof v === 'string' ? (JSON.parse(v) as T) : (v as T));

export const isoOf = (v: Date | string) => new Date(v).toISOString();

/** A submitted attempt as `quiz_participants` keeps it (the projection scores it, the leaderboard ranks it). */
export interface SubmittedAttemptRow {
  user_id: string;
  answers: unknown;
  time_taken: number;
  calculated_marks: number;
  correct_answers: number;
  percentage: number;
  submitted_at: Date | string;
}

/** Submitted attempts ranked as scoring.ts ranks them (marks, then time), each out of `totalQuestions`. */
export function rankSubmitted(rows: readonly SubmittedAttemptRow[], totalQuestions: number) {
  return rankAttempts(
    rows.map((r) => ({
      userId: r.user_id,
      calculatedMarks: r.calculated_marks,
      timeTaken: r.time_taken,
      percentage: r.percentage,
      correctAnswers: r.correct_answers,
      totalQuestions,
      completedAt: isoOf(r.submitted_at),
    })),
  );
}
