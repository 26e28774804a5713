import type { Knex } from 'knex';
import type { RecordedEvent } from '@circuit/shared/ports/event-store';
import { QuizEventSchemas as S, type QuizContent } from '@circuit/shared/events/quizzes';
import { rankAttempts, scoreAttempt, type Marking } from '@circuit/shared/quizzes/scoring';
import { DEFAULT_MARKING } from '@circuit/shared/validation/quizzes';
import type { Projection } from '../runner/projection';

function contentColumns(trx: Knex, content: QuizContent) {
  const searchText = [content.title, content.description.replace(/<[^>]*>/g, ' '), content.category, ...content.tags].join(' ');
  return {
    title: content.title,
    category: content.category,
    registration_start: content.dates.registrationStartDate,
    registration_end: content.dates.registrationEndDate,
    start_date: content.dates.startDate,
    end_date: content.dates.endDate,
    search: trx.raw(`to_tsvector('simple', ?)`, [searchText]),
    content: JSON.stringify(content),
  };
}

const json = <T>(v: unknown): T => (typeof v === 'string' ? (JSON.parse(v) as T) : (v as T));
const answersOf = (raw: unknown) => Object.fromEntries(Object.entries(json<Record<string, number>>(raw)).map(([k, v]) => [Number(k), v]));

interface ParticipantRow {
  user_id: string;
  answers: unknown;
  time_taken: number;
  calculated_marks: number;
  correct_answers: number;
  percentage: number;
  submitted_at: Date | string;
}

/**
 * Quiz listings, saves, participants with their attempts and scores, and the rankings replaced
 * by re-grades. Scores are computed here from the recorded answers and the key in force, so a
 * re-grade recomputes every participant from the same stored answers.
 */
export const quizzesProjection: Projection = {
  name: 'quizzes',
  tables: ['quizzes', 'quiz_saves', 'quiz_participants', 'quiz_gradings'],
  eventTypes: Object.keys(S),
  async applyBatch(trx: Knex.Transaction, events: RecordedEvent[]) {
    const quizKey = async (quizId: string) => {
      const row = (await trx('quizzes').where({ id: quizId }).first('answer_key', 'marking')) as { answer_key: unknown; marking: unknown } | undefined;
      return row ? { answerKey: json<number[]>(row.answer_key), marking: json<Marking>(row.marking) } : null;
    };
    for (const event of events) {
      switch (event.type) {
        case 'QuizCreated': {
          const d = S.QuizCreated.parse(event.data);
          await trx('quizzes')
            .insert({
              id: d.quizId,
              status: 'pending',
              created_by: d.createdBy,
              created_at: d.at,
              updated_at: d.at,
              answer_key: JSON.stringify(d.content.questions.map((q) => q.correctAnswer)),
              marking: JSON.stringify(DEFAULT_MARKING),
              ...contentColumns(trx, d.content),
            })
            .onConflict('id')
            .ignore();
          break;
        }
        case 'QuizUpdated': {
          const d = S.QuizUpdated.parse(event.data);
          await trx('quizzes')
            .where({ id: d.quizId })
            .update({ ...contentColumns(trx, d.content), answer_key: JSON.stringify(d.content.questions.map((q) => q.correctAnswer)), updated_at: d.at });
          // An edit of a rejected listing resubmits it (the decider does the same).
          await trx('quizzes').where({ id: d.quizId, status: 'rejected' }).update({ status: 'pending', rejection_reason: null });
          break;
        }
        case 'QuizDeleted': {
          const d = S.QuizDeleted.parse(event.data);
          await trx('quizzes').where({ id: d.quizId }).del();
          await trx('quiz_saves').where({ quiz_id: d.quizId }).del();
          break;
        }
        case 'QuizApproved': {
          const d = S.QuizApproved.parse(event.data);
          await trx('quizzes').where({ id: d.quizId }).update({ status: 'accepted', rejection_reason: null, updated_at: d.at });
          break;
        }
        case 'QuizRejected': {
          const d = S.QuizRejected.parse(event.data);
          await trx('quizzes').where({ id: d.quizId }).update({ status: 'rejected', rejection_reason: d.reason, updated_at: d.at });
          break;
        }
        case 'QuizSaved': {
          const d = S.QuizSaved.parse(event.data);
          await trx('quiz_saves').insert({ quiz_id: d.quizId, user_id: d.userId, saved_at: d.at }).onConflict(['user_id', 'quiz_id']).ignore();
          break;
        }
        case 'QuizUnsaved': {
          const d = S.QuizUnsaved.parse(event.data);
          await trx('quiz_saves').where({ quiz_id: d.quizId, user_id: d.userId }).del();
          break;
        }
        case 'QuizParticipantRegistered': {
          const d = S.QuizParticipantRegistered.parse(event.data);
          const inserted = await trx('quiz_participants')
            .insert({ quiz_id: d.quizId, user_id: d.userId, registered_at: d.at, payment_status: d.paymentStatus, profile: JSON.stringify(d.profile) })
            .onConflict(['quiz_id', 'user_id'])
            .ignore()
            .returning('user_id');
          if (inserted.length > 0) await trx('quizzes').where({ id: d.quizId }).increment('total_participants', 1);
          break;
        }
        case 'QuizPaymentCompleted':
        case 'QuizPaymentFailed': {
          const d = S.QuizPaymentCompleted.pick({ quizId: true, userId: true }).parse(event.data);
          await trx('quiz_participants')
            .where({ quiz_id: d.quizId, user_id: d.userId })
            .update({ payment_status: event.type === 'QuizPaymentCompleted' ? 'completed' : 'failed' });
          break;
        }
        case 'QuizAttemptStarted': {
          const d = S.QuizAttemptStarted.parse(event.data);
          await trx('quiz_participants').where({ quiz_id: d.quizId, user_id: d.userId }).update({ attempt: 'started', started_at: d.startedAt, deadline: d.deadline });
          break;
        }
        case 'QuizAnswerRecorded': {
          const d = S.QuizAnswerRecorded.parse(event.data);
          const where = trx('quiz_participants').where({ quiz_id: d.quizId, user_id: d.userId });
          if (d.selectedAnswer < 0) await where.update({ answers: trx.raw(`answers - ?`, [String(d.questionIndex)]) });
          else await where.update({ answers: trx.raw(`answers || jsonb_build_object(?::text, ?::int)`, [String(d.questionIndex), d.selectedAnswer]) });
          break;
        }
        case 'QuizAttemptSubmitted': {
          const d = S.QuizAttemptSubmitted.parse(event.data);
          const key = await quizKey(d.quizId);
          const row = (await trx('quiz_participants').where({ quiz_id: d.quizId, user_id: d.userId }).first('answers')) as { answers: unknown } | undefined;
          if (!key || !row) break;
          const score = scoreAttempt(key.answerKey, answersOf(row.answers), key.marking);
          await trx('quiz_participants').where({ quiz_id: d.quizId, user_id: d.userId }).update({
            attempt: 'submitted',
            submitted_at: d.at,
            time_taken: d.timeTaken,
            calculated_marks: score.calculatedMarks,
            correct_answers: score.correctAnswers,
            percentage: score.percentage,
          });
          break;
        }
        case 'QuizRegraded': {
          const d = S.QuizRegraded.parse(event.data);
          const quiz = (await trx('quizzes').where({ id: d.quizId }).first('graded_at', 'marking')) as { graded_at: Date | string | null; marking: unknown } | undefined;
          if (!quiz) break;
          const rows = (await trx('quiz_participants')
            .where({ quiz_id: d.quizId, attempt: 'submitted' })
            .select('user_id', 'answers', 'time_taken', 'calculated_marks', 'correct_answers', 'percentage', 'submitted_at')) as ParticipantRow[];
          // The ranking being replaced stays readable, dated by when it was last graded.
          const lastSubmit = rows.map((r) => new Date(r.submitted_at).getTime()).reduce((a, b) => Math.max(a, b), 0);
          const gradedAt = quiz.graded_at ? new Date(quiz.graded_at) : new Date(lastSubmit || Date.parse(d.at));
          const ranking = rankAttempts(
            rows.map((r) => ({
              userId: r.user_id,
              calculatedMarks: r.calculated_marks,
              timeTaken: r.time_taken,
              percentage: r.percentage,
              correctAnswers: r.correct_answers,
              totalQuestions: d.previousAnswerKey.length,
              completedAt: new Date(r.submitted_at).toISOString(),
            })),
          );
          await trx('quiz_gradings')
            .insert({ quiz_id: d.quizId, graded_at: gradedAt, replaced_at: d.at, marking: JSON.stringify(d.previousMarking), ranking: JSON.stringify(ranking) })
            .onConflict(['quiz_id', 'replaced_at'])
            .ignore();
          for (const r of rows) {
            const score = scoreAttempt(d.answerKey, answersOf(r.answers), d.marking);
            await trx('quiz_participants')
              .where({ quiz_id: d.quizId, user_id: r.user_id })
              .update({ calculated_marks: score.calculatedMarks, correct_answers: score.correctAnswers, percentage: score.percentage });
          }
          await trx('quizzes').where({ id: d.quizId }).update({ answer_key: JSON.stringify(d.answerKey), marking: JSON.stringify(d.marking), graded_at: d.at });
          break;
        }
        default:
          break;
      }
    }
  },
};
