import type { Knex } from 'knex';
import type { RecordedEvent } from '@circuit/shared/ports/event-store';
import { QuizEventSchemas as S, type QuizContent } from '@circuit/shared/events/quizzes';
import { scoreAttempt, type Marking } from '@circuit/shared/quizzes/scoring';
import { DEFAULT_MARKING } from '@circuit/shared/validation/quizzes';
import { QUIZ_LISTINGS } from '../listings/listing-kind';
import { listingContentColumns, listingProjection } from '../listings/listing-projection';
import { json, rankSubmitted, type SubmittedAttemptRow } from './quiz-attempts';

/** The columns a quiz's content fills; its key is put in force by every edit, and by re-grades (below). */
function contentColumns(trx: Knex, content: QuizContent) {
  const searchText = [content.title, content.description.replace(/<[^>]*>/g, ' '), content.category, ...content.tags].join(' ');
  return {
    ...listingContentColumns(trx, content, searchText),
    category: content.category,
    registration_start: content.dates.registrationStartDate,
    registration_end: content.dates.registrationEndDate,
    answer_key: JSON.stringify(content.questions.map((q) => q.correctAnswer)),
  };
}

const answersOf = (raw: unknown) => Object.fromEntries(Object.entries(json<Record<string, number>>(raw)).map(([k, v]) => [Number(k), v]));

async function quizKey(trx: Knex.Transaction, quizId: string) {
  const row = (await trx('quizzes').where({ id: quizId }).first('answer_key', 'marking')) as { answer_key: unknown; marking: unknown } | undefined;
  return row ? { answerKey: json<number[]>(row.answer_key), marking: json<Marking>(row.marking) } : null;
}

async function setPaymentStatus(trx: Knex.Transaction, event: RecordedEvent) {
  const d = S.QuizPaymentCompleted.pick({ quizId: true, userId: true }).parse(event.data);
  await trx('quiz_participants')
    .where({ quiz_id: d.quizId, user_id: d.userId })
    .update({ payment_status: event.type === 'QuizPaymentCompleted' ? 'completed' : 'failed' });
}

/**
 * Quiz listings, saves, participants with their attempts and scores, and the rankings replaced
 * by re-grades. Scores are computed here from the recorded answers and the key in force, so a
 * re-grade recomputes every participant from the same stored answers.
 */
export const quizzesProjection = listingProjection({
  rows: { names: QUIZ_LISTINGS, schemas: S, contentColumns, createdColumns: { marking: JSON.stringify(DEFAULT_MARKING) } },
  ownTables: ['quiz_participants', 'quiz_gradings'],
  eventTypes: Object.keys(S),
  on: {
    async QuizParticipantRegistered(trx, event) {
      const d = S.QuizParticipantRegistered.parse(event.data);
      const inserted = await trx('quiz_participants')
        .insert({ quiz_id: d.quizId, user_id: d.userId, registered_at: d.at, payment_status: d.paymentStatus, profile: JSON.stringify(d.profile) })
        .onConflict(['quiz_id', 'user_id'])
        .ignore()
        .returning('user_id');
      if (inserted.length > 0) await trx('quizzes').where({ id: d.quizId }).increment('total_participants', 1);
    },
    QuizPaymentCompleted: setPaymentStatus,
    QuizPaymentFailed: setPaymentStatus,
    async QuizAttemptStarted(trx, event) {
      const d = S.QuizAttemptStarted.parse(event.data);
      await trx('quiz_participants').where({ quiz_id: d.quizId, user_id: d.userId }).update({ attempt: 'started', started_at: d.startedAt, deadline: d.deadline });
    },
    async QuizAnswerRecorded(trx, event) {
      const d = S.QuizAnswerRecorded.parse(event.data);
      const where = trx('quiz_participants').where({ quiz_id: d.quizId, user_id: d.userId });
      if (d.selectedAnswer < 0) await where.update({ answers: trx.raw(`answers - ?`, [String(d.questionIndex)]) });
      else await where.update({ answers: trx.raw(`answers || jsonb_build_object(?::text, ?::int)`, [String(d.questionIndex), d.selectedAnswer]) });
    },
    async QuizAttemptSubmitted(trx, event) {
      const d = S.QuizAttemptSubmitted.parse(event.data);
      const key = await quizKey(trx, d.quizId);
      const row = (await trx('quiz_participants').where({ quiz_id: d.quizId, user_id: d.userId }).first('answers')) as { answers: unknown } | undefined;
      if (!key || !row) return;
      const score = scoreAttempt(key.answerKey, answersOf(row.answers), key.marking);
      const attempt = { attempt: 'submitted', submitted_at: d.at, time_taken: d.timeTaken };
      await trx('quiz_participants').where({ quiz_id: d.quizId, user_id: d.userId }).update({ ...attempt, ...scoreColumns(score) });
    },
    async QuizRegraded(trx, event) {
      const d = S.QuizRegraded.parse(event.data);
      const quiz = (await trx('quizzes').where({ id: d.quizId }).first('graded_at', 'marking')) as { graded_at: Date | string | null; marking: unknown } | undefined;
      if (!quiz) return;
      const rows = (await trx('quiz_participants')
        .where({ quiz_id: d.quizId, attempt: 'submitted' })
        .select('user_id', 'answers', 'time_taken', 'calculated_marks', 'correct_answers', 'percentage', 'submitted_at')) as SubmittedAttemptRow[];
      // The ranking being replaced stays readable, dated by when it was last graded.
      const lastSubmit = rows.map((r) => new Date(r.submitted_at).getTime()).reduce((a, b) => Math.max(a, b), 0);
      const gradedAt = quiz.graded_at ? new Date(quiz.graded_at) : new Date(lastSubmit || Date.parse(d.at));
      const ranking = rankSubmitted(rows, d.previousAnswerKey.length);
      await trx('quiz_gradings')
        .insert({ quiz_id: d.quizId, graded_at: gradedAt, replaced_at: d.at, marking: JSON.stringify(d.previousMarking), ranking: JSON.stringify(ranking) })
        .onConflict(['quiz_id', 'replaced_at'])
        .ignore();
      for (const r of rows) {
        const score = scoreAttempt(d.answerKey, answersOf(r.answers), d.marking);
        await trx('quiz_participants').where({ quiz_id: d.quizId, user_id: r.user_id }).update(scoreColumns(score));
      }
      await trx('quizzes').where({ id: d.quizId }).update({ answer_key: JSON.stringify(d.answerKey), marking: JSON.stringify(d.marking), graded_at: d.at });
    },
  },
});

/** A score as `quiz_participants` keeps it. */
function scoreColumns(score: ReturnType<typeof scoreAttempt>) {
  return { calculated_marks: score.calculatedMarks, correct_answers: score.correctAnswers, percentage: score.percentage };
}
