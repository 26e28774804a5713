import { setImmediate } from 'node:timers';

/**
 * Questions asked during one turn of the event loop, answered together by one call of `answerAll`
 * (one statement instead of one each): work that arrives in bursts (a projection batch releases
 * many waiters at once) then costs one round trip per burst. `answerAll` answers the questions in
 * their order. A question never joins a call already made, so what it gets was read after it was
 * asked.
 */
export function batchPerTurn<Q, A>(answerAll: (questions: Q[]) => Promise<A[]>): (question: Q) => Promise<A> {
  let waiting: { question: Q; resolve(answer: A): void; reject(error: unknown): void }[] = [];
  async function answer() {
    const batch = waiting;
    waiting = [];
    try {
      const answers = await answerAll(batch.map((w) => w.question));
      batch.forEach((w, i) => w.resolve(answers[i]!));
    } catch (error) {
      for (const w of batch) w.reject(error);
    }
  }
  return (question) =>
    new Promise<A>((resolve, reject) => {
      if (waiting.length === 0) setImmediate(() => void answer());
      waiting.push({ question, resolve, reject });
    });
}
