/**
 * Runs tasks of one key one after another (and tasks of different keys side by side). Commands on
 * one stream (a hackathon's roster, a quiz's roster) queue here instead of racing each other to the store: when a popular hackathon opens,
 * a burst of registrations would otherwise spend its retries on optimistic-concurrency conflicts
 * (each round only one wins). The expected revision still decides between processes.
 */
export function keyedQueue() {
  const tails = new Map<string, Promise<unknown>>();
  return async function run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = tails.get(key) ?? Promise.resolve();
    const result = previous.then(task, task);
    const tail = result.catch(() => undefined);
    tails.set(key, tail);
    try {
      return await result;
    } finally {
      if (tails.get(key) === tail) tails.delete(key);
    }
  };
}
