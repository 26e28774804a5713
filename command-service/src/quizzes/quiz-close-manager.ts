import type { Knex } from 'knex';
import type { Logger } from '@circuit/shared/logger';
import { QUIZ_LIMITS } from '@circuit/shared/validation/quizzes';
import type { QuizService } from './quiz-service';
import { attemptsOpenPast } from './open-attempts';

const EVERY_MS = 2_000;

/**
 * Closes attempts left open past their deadline and grace (a closed tab, a lost connection): the
 * server scores what was answered, with the whole time the attempt had as the time taken. Finds them in the
 * command side's list of open attempts (open-attempts.ts) and closes each through the attempt
 * decider, which refuses to close anything early or twice, so a stale row or two managers at once
 * change nothing.
 */
export async function closeOverdueAttempts(deps: { knex: Knex; quizzes: Pick<QuizService, 'close'>; now: Date; log?: Logger }): Promise<number> {
  const cutoff = new Date(deps.now.getTime() - QUIZ_LIMITS.graceSeconds * 1000);
  let closed = 0;
  for (const { quizId, userId } of await attemptsOpenPast(deps.knex, cutoff, 500)) {
    try {
      if (await deps.quizzes.close(quizId, userId, { causationId: `quiz-close:${quizId}:${userId}` })) closed += 1;
    } catch (error) {
      deps.log?.warn({ err: error, quizId, userId }, 'closing an overdue quiz attempt failed');
    }
  }
  return closed;
}

/** Runs closeOverdueAttempts every two seconds while the command service's workers run. */
export function quizCloseManager(deps: { knex: Knex; quizzes: Pick<QuizService, 'close'>; log: Logger; now?: () => Date }) {
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      const closed = await closeOverdueAttempts({ ...deps, now: deps.now?.() ?? new Date() });
      if (closed > 0) deps.log.info({ closed }, 'closed overdue quiz attempts');
    } catch (error) {
      deps.log.warn({ err: error }, 'looking for overdue quiz attempts failed');
    } finally {
      running = false;
    }
  };
  return {
    async start() {
      timer = setInterval(() => void tick(), EVERY_MS);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
    },
  };
}
