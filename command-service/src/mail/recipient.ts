import { AccountEventSchemas, userStream } from '@circuit/shared/events/accounts';
import type { EventStore } from '@circuit/shared/ports/event-store';

/** What a user gave when they signed up (their address, their first name), from their own stream; null when it holds none. */
export async function registeredAccount(store: EventStore, userId: string) {
  const registered = (await store.readStream(userStream(userId))).find((e) => e.type === 'UserRegistered');
  return registered ? AccountEventSchemas.UserRegistered.parse(registered.data) : null;
}
