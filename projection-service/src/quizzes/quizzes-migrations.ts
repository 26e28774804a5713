import type { Knex } from 'knex';
import { migrate, type Migration } from '@circuit/shared/db/migrations';

/** The quiz read models (owned by quizzes-projection.ts), on their own bookkeeping table. */
const migrations: Migration[] = [
  {
    name: '001_quizzes',
    up: async (k) => {
      await k.schema.createTable('quizzes', (t) => {
        t.text('id').primary();
        t.text('status').notNullable();
        t.text('title').notNullable();
        t.text('category').notNullable();
        t.text('created_by').notNullable();
        t.text('rejection_reason');
        t.timestamp('registration_start', { useTz: true }).notNullable();
        t.timestamp('registration_end', { useTz: true }).notNullable();
        t.timestamp('start_date', { useTz: true }).notNullable();
        t.timestamp('end_date', { useTz: true }).notNullable();
        t.integer('total_participants').notNullable().defaultTo(0);
        t.specificType('search', 'tsvector').notNullable();
        t.jsonb('content').notNullable();
        /** The key and marking in force (a re-grade changes them; `content` keeps what the organiser wrote). */
        t.jsonb('answer_key').notNullable();
        t.jsonb('marking').notNullable();
        t.timestamp('graded_at', { useTz: true });
        t.timestamp('created_at', { useTz: true }).notNullable();
        t.timestamp('updated_at', { useTz: true }).notNullable();
      });
      await k.raw(`create index quizzes_public_idx on quizzes (registration_start, registration_end) where status = 'accepted'`);
      await k.raw(`create index quizzes_search_idx on quizzes using gin (search)`);
      await k.raw(`create index quizzes_created_by_idx on quizzes (created_by)`);
      await k.schema.createTable('quiz_saves', (t) => {
        t.text('quiz_id').notNullable();
        t.text('user_id').notNullable();
        t.timestamp('saved_at', { useTz: true }).notNullable();
        t.primary(['user_id', 'quiz_id']);
      });
      await k.schema.createTable('quiz_participants', (t) => {
        t.text('quiz_id').notNullable();
        t.text('user_id').notNullable();
        t.timestamp('registered_at', { useTz: true }).notNullable();
        t.text('payment_status').notNullable();
        t.jsonb('profile').notNullable();
        /** none, started or submitted. */
        t.text('attempt').notNullable().defaultTo('none');
        t.timestamp('started_at', { useTz: true });
        t.timestamp('deadline', { useTz: true });
        t.timestamp('submitted_at', { useTz: true });
        /** Question index -> selected option, as recorded. */
        t.jsonb('answers').notNullable().defaultTo('{}');
        t.integer('time_taken');
        t.integer('calculated_marks');
        t.integer('correct_answers');
        t.float('percentage');
        t.primary(['quiz_id', 'user_id']);
      });
      await k.raw(`create index quiz_participants_user_idx on quiz_participants (user_id)`);
      await k.raw(`create index quiz_participants_open_idx on quiz_participants (deadline) where attempt = 'started'`);
      await k.schema.createTable('quiz_gradings', (t) => {
        t.text('quiz_id').notNullable();
        t.timestamp('graded_at', { useTz: true }).notNullable();
        t.timestamp('replaced_at', { useTz: true }).notNullable();
        t.jsonb('marking').notNullable();
        /** The ranking as it stood: [{ userId, rank, calculatedMarks, timeTaken, percentage, correctAnswers, totalQuestions, completedAt }]. */
        t.jsonb('ranking').notNullable();
        t.primary(['quiz_id', 'replaced_at']);
      });
    },
  },
];

export async function migrateQuizzesReadModels(knex: Knex): Promise<void> {
  await migrate(knex, 'read_models_quizzes', migrations);
}
