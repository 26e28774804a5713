import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { PostgresEventStore } from '../adapters/event-store/postgres-event-store';
import { toNewEvents } from '../commands/decider';
import { userStream } from '../events/accounts';
import { relationshipStream } from '../events/social';
import { waitFor } from './wait';

/**
 * `pairs` connected pairs of verified users for chat across services running as processes of their own: their
 * accounts and connections appended to the event store as sign-up and an accepted request record them (signing
 * them up over HTTP would only add minutes), then awaited in the read models the chat-send consumer checks.
 * Users 2k and 2k + 1 are a pair. The chat failover test and `bench:cluster-chat` share it.
 */
export async function connectedPairs(knex: Knex, pairs: number, options: { usernamePrefix: string; timeoutMs: number }): Promise<string[]> {
  const users = Array.from({ length: pairs * 2 }, () => randomUUID());
  const at = new Date().toISOString();
  const store = await PostgresEventStore.create(knex, { listen: false });
  try {
    for (const [i, userId] of users.entries()) {
      const data = { userId, username: `${options.usernamePrefix}${i}${userId.slice(0, 8)}`, email: `${userId}@x.test`, firstName: 'F', lastName: 'L', passwordHash: null, role: 'user', emailVerified: true, registeredAt: at };
      await store.append(userStream(userId), toNewEvents([{ type: 'UserRegistered', data }], {}, at), 'no_stream');
    }
    for (let i = 0; i < users.length; i += 2) {
      await store.append(relationshipStream(users[i]!, users[i + 1]!), toNewEvents([{ type: 'ConnectionAccepted', data: { from: users[i]!, to: users[i + 1]!, at } }], {}, at), 'no_stream');
    }
  } finally {
    await store.close();
  }
  const countOf = async (table: string) => Number((await knex(table).count<{ n: string }[]>('* as n'))[0]!.n);
  await waitFor(async () => (await countOf('users')) === users.length && (await countOf('user_connections')) === users.length, {
    timeoutMs: options.timeoutMs,
    message: 'the users and pairs in the read models',
  });
  return users;
}
