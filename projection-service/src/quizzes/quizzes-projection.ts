import type { RecordedEvent } from '@circuit/shared/ports/event-store';
import { QuizEventSchemas as S, type QuizContent } from '@circuit/shared/events/quizzes';
import { scoreAttempt, type Marking } from '@circuit/shared/quizzes/scoring';
import { DEFAULT_MARKING } from '@circuit/shared/validation/quizzes';
import { QUIZ_LISTINGS } from '../listings/listing-kind';
import { listingContentColumns, listingProjection, type BatchListings, type KindEventHandler } from '../listings/listing-projection';
import { BatchRows, keysInEvents } from '../runner/batch-rows';
import { TableChanges } from '../runner/table-changes';
import { json, rankSubmitted, type SubmittedAttemptRow } from './quiz-attempts';

/** The columns a quiz's content fills; its key is put in force by every edit, and by re-grades (below). */
function contentColumns(content: QuizContent) {
  const searchText = [content.title, content.description.replace(/<[^>]*>/g, ' '), content.category, ...content.tags].join(' ');
  return {
    ...listingContentColumns(content, searchText),
    category: content.category,
    registration_start: content.dates.registrationStartDate,
    registration_end: content.dates.registrationEndDate,
    answer_key: content.questions.map((q) => q.correctAnswer),
  };
}

const answersOf = (raw: unknown) => Object.fromEntries(Object.entries(json<Record<string, number>>(raw)).map(([k, v]) => [Number(k), v]));

/** What a batch reads of a quiz's participants: its attempt, as recorded and scored. */
const ATTEMPT_COLUMNS = ['attempt', 'answers', 'time_taken', 'calculated_marks', 'correct_answers', 'percentage', 'submitted_at'];
/** The events that name one participant (read up front), and the re-grade that reads all of a quiz's. */
const PARTICIPANT_EVENTS: ReadonlySet<string> = new Set(['QuizParticipantRegistered', 'QuizPaymentCompleted', 'QuizPaymentFailed', 'QuizAttemptStarted', 'QuizAnswerRecorded', 'QuizAttemptSubmitted']);

const REGRADES: ReadonlySet<string> = new Set(['QuizRegraded']);

/** The quizzes and participants of a batch as they stand at each of its events, and the gradings it replaces. */
interface QuizzesBatch {
  listings: BatchListings;
  participants: BatchRows;
  gradings: TableChanges;
}

const participantKey = (d: { quizId: string; userId: string }) => ({ quiz_id: d.quizId, user_id: d.userId });

const setPaymentStatus: KindEventHandler<QuizzesBatch> = (event: RecordedEvent, batch) => {
  const d = S.QuizPaymentCompleted.pick({ quizId: true, userId: true }).parse(event.data);
  batch.participants.update(participantKey(d), { payment_status: event.type === 'QuizPaymentCompleted' ? 'completed' : 'failed' });
};

/**
 * Quiz listings, saves, participants with their attempts and scores, and the rankings replaced
 * by re-grades. Scores are computed here from the recorded answers and the key in force, so a
 * re-grade recomputes every participant from the same stored answers.
 */
export const quizzesProjection = listingProjection({
  rows: {
    names: QUIZ_LISTINGS,
    schemas: S,
    contentColumns,
    createdColumns: { marking: DEFAULT_MARKING, graded_at: null, total_participants: 0 },
    readColumns: ['total_participants', 'answer_key', 'marking', 'graded_at'],
  },
  ownTables: ['quiz_participants', 'quiz_gradings'],
  eventTypes: Object.keys(S),
  batch: {
    async start(trx, events, listings): Promise<QuizzesBatch> {
      const participants = new BatchRows('quiz_participants', ['quiz_id', 'user_id']);
      const regraded = keysInEvents(events, REGRADES, { quiz_id: 'quizId' }).map((k) => String(k.quiz_id));
      await participants.loadAll(trx, 'quiz_id', regraded, ATTEMPT_COLUMNS);
      await participants.load(trx, keysInEvents(events, PARTICIPANT_EVENTS, { quiz_id: 'quizId', user_id: 'userId' }), ATTEMPT_COLUMNS);
      return { listings, participants, gradings: new TableChanges('quiz_gradings', ['quiz_id', 'replaced_at']) };
    },
    async finish(trx, batch) {
      await batch.participants.flush(trx);
      await batch.gradings.flush(trx);
    },
  },
  on: {
    QuizParticipantRegistered(event, batch) {
      const d = S.QuizParticipantRegistered.parse(event.data);
      // Every column, those the table defaults too: later events of the batch fold into this row.
      const row = { ...participantKey(d), registered_at: d.at, payment_status: d.paymentStatus, profile: d.profile, attempt: 'none', started_at: null, deadline: null, submitted_at: null, answers: {} };
      if (!batch.participants.insert({ ...row, time_taken: null, calculated_marks: null, correct_answers: null, percentage: null })) return;
      const quiz = batch.listings.get(d.quizId);
      if (quiz) batch.listings.update(d.quizId, { total_participants: Number(quiz.total_participants) + 1 });
    },
    QuizPaymentCompleted: setPaymentStatus,
    QuizPaymentFailed: setPaymentStatus,
    QuizAttemptStarted(event, batch) {
      const d = S.QuizAttemptStarted.parse(event.data);
      batch.participants.update(participantKey(d), { attempt: 'started', started_at: d.startedAt, deadline: d.deadline });
    },
    QuizAnswerRecorded(event, batch) {
      const d = S.QuizAnswerRecorded.parse(event.data);
      const row = batch.participants.get(participantKey(d));
      if (!row) return;
      const answers = { ...json<Record<string, number>>(row.answers) };
      if (d.selectedAnswer < 0) delete answers[String(d.questionIndex)];
      else answers[String(d.questionIndex)] = d.selectedAnswer;
      batch.participants.update(participantKey(d), { answers });
    },
    QuizAttemptSubmitted(event, batch) {
      const d = S.QuizAttemptSubmitted.parse(event.data);
      const quiz = batch.listings.get(d.quizId);
      const row = batch.participants.get(participantKey(d));
      if (!quiz || !row) return;
      const score = scoreAttempt(json<number[]>(quiz.answer_key), answersOf(row.answers), json<Marking>(quiz.marking));
      batch.participants.update(participantKey(d), { attempt: 'submitted', submitted_at: d.at, time_taken: d.timeTaken, ...scoreColumns(score) });
    },
    QuizRegraded(event, batch) {
      const d = S.QuizRegraded.parse(event.data);
      const quiz = batch.listings.get(d.quizId);
      if (!quiz) return;
      const rows = batch.participants.where('quiz_id', d.quizId).filter((r) => r.attempt === 'submitted') as unknown as (SubmittedAttemptRow & { quiz_id: string })[];
      // The ranking being replaced stays readable, dated by when it was last graded.
      const lastSubmit = rows.map((r) => new Date(r.submitted_at).getTime()).reduce((a, b) => Math.max(a, b), 0);
      const gradedAt = quiz.graded_at ? new Date(quiz.graded_at as Date | string) : new Date(lastSubmit || Date.parse(d.at));
      const ranking = rankSubmitted(rows, d.previousAnswerKey.length);
      batch.gradings.insert({ quiz_id: d.quizId, graded_at: gradedAt.toISOString(), replaced_at: d.at, marking: d.previousMarking, ranking });
      for (const r of rows) batch.participants.update({ quiz_id: d.quizId, user_id: r.user_id }, scoreColumns(scoreAttempt(d.answerKey, answersOf(r.answers), d.marking)));
      batch.listings.update(d.quizId, { answer_key: d.answerKey, marking: d.marking, graded_at: d.at });
    },
  },
});

/** A score as `quiz_participants` keeps it. */
function scoreColumns(score: ReturnType<typeof scoreAttempt>) {
  return { calculated_marks: score.calculatedMarks, correct_answers: score.correctAnswers, percentage: score.percentage };
}
