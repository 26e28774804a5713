import { foldEvents, loadState } from '@circuit/shared/commands/decider';
import { quizRosterStream, quizStream } from '@circuit/shared/events/quizzes';
import type { EventStore } from '@circuit/shared/ports/event-store';
import { evolveQuizRoster, initialQuizRoster, quizRosterDecider, type QuizRosterState } from './quiz-roster';

/**
 * Where a quiz's roster is read from: `quiz-roster-<id>`, on top of the registrations and payments
 * stored on the quiz's own stream `quiz-<id>` before the roster had a stream of its own. Those are
 * read only; nothing appends roster events to `quiz-<id>` any more, so each quiz's are folded once
 * per process (a quiz's answers then cost no extra read). Every read of the roster goes through
 * here, so a quiz registered before the change keeps its capacity and "already registered".
 */
const MAX_REMEMBERED = 5000;
const priors = new WeakMap<EventStore, Map<string, Promise<QuizRosterState>>>();

/** The roster as `quiz-<id>` holds it (the empty roster for a quiz registered only since). */
export function priorQuizRoster(store: EventStore, quizId: string): Promise<QuizRosterState> {
  let byQuiz = priors.get(store);
  if (!byQuiz) priors.set(store, (byQuiz = new Map()));
  const known = byQuiz.get(quizId);
  if (known) return known;
  const folded = store.readStream(quizStream(quizId)).then((events) => foldEvents({ initialState: initialQuizRoster, evolve: evolveQuizRoster }, events));
  byQuiz.set(quizId, folded);
  if (byQuiz.size > MAX_REMEMBERED) byQuiz.delete(byQuiz.keys().next().value!);
  // A failed read is tried again by the next caller.
  folded.catch(() => byQuiz.delete(quizId));
  return folded;
}

/** The decider for `quiz-roster-<id>`, starting from what `quiz-<id>` holds. */
export async function quizRosterDeciderFor(store: EventStore, quizId: string) {
  return quizRosterDecider(await priorQuizRoster(store, quizId));
}

export async function loadQuizRoster(store: EventStore, quizId: string): Promise<QuizRosterState> {
  return (await loadState(store, quizRosterStream(quizId), await quizRosterDeciderFor(store, quizId))).state;
}
