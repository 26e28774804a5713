import type { Knex } from 'knex';
import type { Server, Socket } from 'socket.io';
import { z } from 'zod';
import type { Bus } from '@circuit/shared/ports/bus';
import { QUIZ_LEADERBOARD_TOPIC, quizRoom } from '@circuit/shared/events/quizzes';

const QuizId = z.string().uuid();
const Changed = z.object({ quizId: z.string() });
/** At most one update a second per quiz: a thousand submissions at the bell make one refetch a second, not a thousand. */
const COALESCE_MS = 1_000;

/**
 * Live quiz leaderboards. A socket joins a quiz's room with `join_quiz` (its id; an accepted quiz
 * only, whose leaderboard is public) and leaves with `leave_quiz`. When the command service
 * publishes that a leaderboard changed (a submission, an attempt closed by the server, a
 * re-grade), each instance tells its own sockets in the room with `quiz_leaderboard_updated`.
 */
export function quizRealtime(io: Server, knex: Knex) {
  const timers = new Map<string, { timer: NodeJS.Timeout; pending: boolean }>();

  function attach(socket: Socket, safely: (what: string, work: () => Promise<unknown>) => void) {
    socket.on('join_quiz', (raw: unknown, ack?: unknown) => {
      const answer = (a: { ok: boolean }) => typeof ack === 'function' && (ack as (a: { ok: boolean }) => void)(a);
      const id = QuizId.safeParse(raw);
      if (!id.success) return answer({ ok: false });
      safely('join quiz', async () => {
        const quiz = await knex('quizzes').where({ id: id.data.toLowerCase(), status: 'accepted' }).first('id');
        if (!quiz) return answer({ ok: false });
        await socket.join(quizRoom(id.data.toLowerCase()));
        answer({ ok: true });
      });
    });
    socket.on('leave_quiz', (raw: unknown) => {
      const id = QuizId.safeParse(raw);
      if (id.success) void socket.leave(quizRoom(id.data.toLowerCase()));
    });
  }

  function emit(quizId: string) {
    io.local.to(quizRoom(quizId)).emit('quiz_leaderboard_updated', { quizId });
  }

  function changed(quizId: string) {
    const waiting = timers.get(quizId);
    if (waiting) {
      waiting.pending = true;
      return;
    }
    emit(quizId);
    const entry = {
      pending: false,
      timer: setTimeout(() => {
        timers.delete(quizId);
        if (entry.pending) changed(quizId);
      }, COALESCE_MS),
    };
    entry.timer.unref();
    timers.set(quizId, entry);
  }

  function subscriptions(bus: Bus) {
    return [
      bus.subscribe(QUIZ_LEADERBOARD_TOPIC, (payload) => {
        const parsed = Changed.safeParse(payload);
        if (parsed.success) changed(parsed.data.quizId);
      }),
    ];
  }

  function stop() {
    for (const { timer } of timers.values()) clearTimeout(timer);
    timers.clear();
  }

  return { attach, subscriptions, stop };
}
