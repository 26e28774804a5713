import type { Knex } from 'knex';
import { migrate, type Migration } from '@circuit/shared/db/migrations';
import { counters, createIndexes, createTable, instants, jsonb, jsonbObjects, optionalInstants, primaryKey, text, textKey, tsvector, type Columns } from '../table-columns';
import { QUIZ_LISTINGS } from '../listings/listing-kind';
import { AUTHORSHIP, createdByIndex, createSavesTable, searchIndex, STAMPS } from '../listings/listing-migrations';

/** A submitted attempt's score, as the quiz's key and marking in force give it (null until submitted). */
const score: Columns = (t) => {
  t.integer('time_taken');
  t.integer('calculated_marks');
  t.integer('correct_answers');
  t.float('percentage');
};

/** The quiz read models (owned by quizzes-projection.ts), on their own bookkeeping table. */
const migrations: Migration[] = [
  {
    name: '001_quizzes',
    up: async (k) => {
      const window = instants('registration_start', 'registration_end', 'start_date', 'end_date');
      // answer_key and marking: those in force (a re-grade changes them; `content` keeps what the organiser wrote).
      await createTable(k, 'quizzes', textKey('id'), text('status', 'title', 'category'), ...AUTHORSHIP, window, counters('total_participants'), tsvector('search'), jsonb('content', 'answer_key', 'marking'), optionalInstants('graded_at'), STAMPS);
      await createIndexes(k, [`create index quizzes_public_idx on quizzes (registration_start, registration_end) where status = 'accepted'`, searchIndex('quizzes'), createdByIndex('quizzes')]);
      await createSavesTable(k, QUIZ_LISTINGS);
      // attempt: none, started or submitted; answers: question index -> selected option, as recorded.
      const attempt: Columns[] = [(t) => void t.text('attempt').notNullable().defaultTo('none'), optionalInstants('started_at', 'deadline', 'submitted_at'), jsonbObjects('answers')];
      await createTable(k, 'quiz_participants', text('quiz_id', 'user_id'), instants('registered_at'), text('payment_status'), jsonb('profile'), ...attempt, score, primaryKey('quiz_id', 'user_id'));
      await createIndexes(k, [`create index quiz_participants_user_idx on quiz_participants (user_id)`, `create index quiz_participants_open_idx on quiz_participants (deadline) where attempt = 'started'`]);
      // ranking: as it stood, [{ userId, rank, calculatedMarks, timeTaken, percentage, correctAnswers, totalQuestions, completedAt }].
      await createTable(k, 'quiz_gradings', text('quiz_id'), instants('graded_at', 'replaced_at'), jsonb('marking', 'ranking'), primaryKey('quiz_id', 'replaced_at'));
    },
  },
];

export async function migrateQuizzesReadModels(knex: Knex): Promise<void> {
  await migrate(knex, 'read_models_quizzes', migrations);
}
