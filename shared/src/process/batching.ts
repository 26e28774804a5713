import { setImmediate } from 'node:timers';

/**
 * Two ways to answer many small questions with few calls (one statement instead of one each).
 * In both, `answerAll` answers its questions in their order, a failed call rejects its questions
 * only, and a question never joins a call already made, so what it gets was read after it was asked.
 */

interface Waiting<Q, A> {
  question: Q;
  resolve(answer: A): void;
  reject(error: unknown): void;
}

async function answerBatch<Q, A>(batch: Waiting<Q, A>[], answerAll: (questions: Q[]) => Promise<A[]>): Promise<void> {
  try {
    const answers = await answerAll(batch.map((w) => w.question));
    batch.forEach((w, i) => w.resolve(answers[i]!));
  } catch (error) {
    for (const w of batch) w.reject(error);
  }
}

/**
 * The questions asked during one turn of the event loop, answered together at its end: work that
 * arrives in bursts (a projection batch releases many waiters at once) costs one call per burst.
 */
export function batchPerTurn<Q, A>(answerAll: (questions: Q[]) => Promise<A[]>): (question: Q) => Promise<A> {
  let waiting: Waiting<Q, A>[] = [];
  return (question) =>
    new Promise<A>((resolve, reject) => {
      if (waiting.length === 0)
        setImmediate(() => {
          const batch = waiting;
          waiting = [];
          void answerBatch(batch, answerAll);
        });
      waiting.push({ question, resolve, reject });
    });
}

/**
 * A lone question answered at once; the questions that come while a call is under way gather and
 * go together in the next call, as soon as it returns: a steady stream costs one call per round
 * trip, and nothing waits for the end of the turn.
 */
export function batchWhileInFlight<Q, A>(answerAll: (questions: Q[]) => Promise<A[]>): (question: Q) => Promise<A> {
  let waiting: Waiting<Q, A>[] = [];
  let answering = false;
  async function drain(): Promise<void> {
    answering = true;
    while (waiting.length > 0) {
      const batch = waiting;
      waiting = [];
      await answerBatch(batch, answerAll);
    }
    answering = false;
  }
  return (question) =>
    new Promise<A>((resolve, reject) => {
      waiting.push({ question, resolve, reject });
      if (!answering) void drain();
    });
}
