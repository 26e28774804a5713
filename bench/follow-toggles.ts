/**
 * The command measured with read-your-writes (bench:writes, bench:scale): each client toggles a
 * follow of a pair of its own through HTTP (follow when not following, else unfollow); the answer
 * comes once the read models include the change (200), or 202 when they did not catch up in time.
 */
import { client, inBatches, leanClient, type BenchServer } from './app';

export async function followToggles(server: BenchServer, clients: number) {
  const { createUser } = client(server.base);
  const lean = leanClient(server.base, clients);
  const users = await inBatches(clients * 2, 10, createUser);
  const following = new Array<boolean>(clients).fill(false);
  let accepted = 0;
  return {
    /** One toggle of client `c`'s pair. */
    async toggle(c: number): Promise<void> {
      const [a, b] = [users[2 * c]!, users[2 * c + 1]!];
      const answer = await lean.request('POST', `/api/users/${following[c] ? 'unfollow' : 'follow'}/${b.id}`, a.cookie);
      following[c] = !following[c];
      if (answer.status === 202) accepted++;
    },
    /** Answers 202 so far: the read models had not caught up in time. */
    accepted: () => accepted,
    close: () => lean.close(),
  };
}
