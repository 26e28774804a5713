/**
 * Marks and ranking of quiz attempts, pure: the command side scores a submission with it, the
 * projection builds the leaderboard with it, and a re-grade replays stored answers through it.
 */
export interface Marking {
  correct: number;
  incorrect: number;
}

export interface AttemptScore {
  calculatedMarks: number;
  correctAnswers: number;
  incorrectAnswers: number;
  totalQuestions: number;
  /** Marks as a share of the most a participant could get, 0 to 100 (negative marks count as 0). */
  percentage: number;
}

/** `answers`: question index -> selected option (-1 or absent: unanswered, 0 marks). */
export function scoreAttempt(answerKey: readonly number[], answers: Readonly<Record<number, number>>, marking: Marking): AttemptScore {
  let correctAnswers = 0;
  let incorrectAnswers = 0;
  answerKey.forEach((correct, i) => {
    const given = answers[i];
    if (given === undefined || given < 0) return;
    if (given === correct) correctAnswers += 1;
    else incorrectAnswers += 1;
  });
  const calculatedMarks = correctAnswers * marking.correct + incorrectAnswers * marking.incorrect;
  const best = answerKey.length * marking.correct;
  const percentage = best > 0 ? Math.round((Math.max(0, calculatedMarks) / best) * 10_000) / 100 : 0;
  return { calculatedMarks, correctAnswers, incorrectAnswers, totalQuestions: answerKey.length, percentage };
}

export interface Rankable {
  userId: string;
  calculatedMarks: number;
  timeTaken: number;
}

/**
 * Ranks by marks (higher first), then time (faster first). Equal marks and equal time share a
 * rank, and the next rank skips as many places (1, 2, 2, 4): nobody's place depends on the order
 * rows came back in. Within a shared rank, rows are ordered by user id so the list is stable.
 */
export function rankAttempts<T extends Rankable>(rows: readonly T[]): (T & { rank: number })[] {
  const sorted = [...rows].sort((a, b) => b.calculatedMarks - a.calculatedMarks || a.timeTaken - b.timeTaken || a.userId.localeCompare(b.userId));
  let rank = 0;
  return sorted.map((row, i) => {
    const previous = sorted[i - 1];
    if (!previous || previous.calculatedMarks !== row.calculatedMarks || previous.timeTaken !== row.timeTaken) rank = i + 1;
    return { ...row, rank };
  });
}
