import type { Knex } from 'knex';
import { migrateOnce } from '@circuit/shared/db/migrations';
import { QuizEventSchemas } from '@circuit/shared/events/quizzes';
import type { Logger } from '@circuit/shared/logger';
import type { EventStore, RecordedEvent } from '@circuit/shared/ports/event-store';
import { ProcessManager } from '../process-managers/process-manager';

/**
 * The quiz attempts started and not submitted yet, with their deadlines: the close manager's work
 * list, in a table the command side owns (never the quiz read models), filled from the feed by
 * OpenQuizAttempts. The attempt's own stream still decides whether it may be closed.
 */
const OPEN_ATTEMPTS = 'quiz_open_attempts';

export async function migrateOpenQuizAttempts(knex: Knex): Promise<void> {
  await migrateOnce(knex, 'quiz_open_attempts', '001_quiz_open_attempts', (schema) => schema.createTable(OPEN_ATTEMPTS, (t) => {
    t.text('quiz_id').notNullable();
    t.text('user_id').notNullable();
    t.timestamp('deadline', { useTz: true }).notNullable();
    t.primary(['quiz_id', 'user_id']);
    t.index(['deadline']);
  }));
}

/** Attempts whose deadline passed before `before`, at most `limit` of them. */
export async function attemptsOpenPast(knex: Knex, before: Date, limit: number): Promise<{ quizId: string; userId: string }[]> {
  const rows = (await knex(OPEN_ATTEMPTS).where('deadline', '<', before).select('quiz_id', 'user_id').limit(limit)) as { quiz_id: string; user_id: string }[];
  return rows.map((r) => ({ quizId: r.quiz_id, userId: r.user_id }));
}

export type OpenAttemptChange =
  | { kind: 'started'; quizId: string; userId: string; deadline: string }
  | { kind: 'submitted'; quizId: string; userId: string }
  /** A deleted quiz has nothing left to close. */
  | { kind: 'quizDeleted'; quizId: string };

/** What an event of the feed changes in the list of open attempts. */
export function openAttemptChanges(event: RecordedEvent): OpenAttemptChange[] {
  switch (event.type) {
    case 'QuizAttemptStarted': {
      const { quizId, userId, deadline } = QuizEventSchemas.QuizAttemptStarted.parse(event.data);
      return [{ kind: 'started', quizId, userId, deadline }];
    }
    case 'QuizAttemptSubmitted': {
      const { quizId, userId } = QuizEventSchemas.QuizAttemptSubmitted.parse(event.data);
      return [{ kind: 'submitted', quizId, userId }];
    }
    case 'QuizDeleted':
      return [{ kind: 'quizDeleted', quizId: QuizEventSchemas.QuizDeleted.parse(event.data).quizId }];
    default:
      return [];
  }
}

/** The quiz an event is about (its changes are applied in order). */
function quizOf(event: RecordedEvent): string {
  const quizId = (event.data as { quizId?: unknown }).quizId;
  return typeof quizId === 'string' ? quizId : event.streamId;
}

/**
 * Keeps quiz_open_attempts: from the beginning of the feed on its first start (attempts started
 * before it existed), then as attempts start and end. Each change is idempotent, and one quiz's
 * changes are applied in feed order, so a replay after a restart or a failover leaves the same rows.
 */
export class OpenQuizAttempts extends ProcessManager<OpenAttemptChange> {
  constructor(deps: { knex: Knex; store: EventStore; log: Logger }) {
    super({
      name: 'quiz_open_attempts',
      label: 'open quiz attempts',
      deps,
      firstStart: 'beginning',
      reactionsTo: openAttemptChanges,
      effects: {
        async carryOut(change) {
          const rows = deps.knex(OPEN_ATTEMPTS);
          if (change.kind === 'started') {
            await rows.insert({ quiz_id: change.quizId, user_id: change.userId, deadline: change.deadline }).onConflict(['quiz_id', 'user_id']).merge();
          } else if (change.kind === 'submitted') {
            await rows.where({ quiz_id: change.quizId, user_id: change.userId }).delete();
          } else {
            await rows.where({ quiz_id: change.quizId }).delete();
          }
        },
      },
      batches: { inOrderBy: quizOf, checkpointEveryMs: 1000 },
    });
  }
}
