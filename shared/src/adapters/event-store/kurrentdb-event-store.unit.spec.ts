import { describe, expect, it } from 'vitest';
import { WrongExpectedVersionError, type KurrentDBClient } from '@kurrent/kurrentdb-client';
import { ConcurrencyError } from '../../ports/event-store';
import { waitFor } from '../../testkit/wait';

/** A client whose appends all fail with WrongExpectedVersion and whose streams hold `stored`. */
function conflictingClient(current: bigint | 'no_stream', stored: { id: string; revision: bigint; commit: bigint; eventId?: string }[]) {
  const client = {
    appendToStream: async (streamName: string) => {
      throw new WrongExpectedVersionError(undefined, { streamName, expected: 'no_stream', current });
    },
    readStream: async function* () {
      // Read backwards, as the adapter asks: newest first, as listed.
      for (const e of stored) {
        yield {
          event: {
            streamId: 's',
            id: e.id,
            revision: e.revision,
            type: 'T',
            isJson: true,
            created: new Date(),
            data: {},
            metadata: { occurredAt: '2025-01-01T00:00:00.000Z', eventId: e.eventId, metadata: {} },
            position: { commit: e.commit, prepare: e.commit },
          },
        };
      }
    },
    dispose: async () => undefined,
  };
  return client as unknown as KurrentDBClient;
}
import { KurrentDbEventStore, kurrentEventId } from './kurrentdb-event-store';

// The adapter itself runs the contract suite in event-store.int.spec.ts (EVENTSTORE_URL or Docker);
// these are the parts that need no server.
describe('KurrentDB adapter without a server', () => {
  it('keeps UUID event ids and maps any other id to a stable, distinct UUID', () => {
    const uuid = '3F2504E0-4F89-41D3-9A0C-0305E82C3301';
    expect(kurrentEventId(uuid)).toBe(uuid.toLowerCase());
    const a = kurrentEventId('otp-mail:user-1:attempt-1');
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(kurrentEventId('otp-mail:user-1:attempt-1')).toBe(a);
    expect(kurrentEventId('otp-mail:user-1:attempt-2')).not.toBe(a);
  });

  it('refuses a stream prefix inside the system namespace', () => {
    expect(() => KurrentDbEventStore.connect('kurrentdb://127.0.0.1:1?tls=false', { streamPrefix: '$ce-' })).toThrow(/system streams/);
  });

  it('with no server reachable: append and reads reject, a subscription reports errors, retries, and stops cleanly', async () => {
    // Port 1 on loopback: refused at once.
    const store = KurrentDbEventStore.connect('kurrentdb://127.0.0.1:1?tls=false', { retryDelayMs: 20 });
    const errors: unknown[] = [];
    const subscription = store.subscribe({ onEvent: async () => undefined, onError: (e) => void errors.push(e) });
    try {
      await expect(store.append('s', [{ id: 'a', type: 'T', data: {}, occurredAt: '2025-01-01T00:00:00.000Z' }], 'no_stream')).rejects.toThrow(/UNAVAILABLE|connect/i);
      await expect(store.readStream('s')).rejects.toThrow();
      await waitFor(() => errors.length >= 2, { message: 'two failed subscription attempts' });
    } finally {
      await subscription.stop();
      await store.close();
    }
    const after = errors.length;
    await new Promise((r) => setTimeout(r, 100));
    expect(errors.length).toBe(after);
  });

  it('turns WrongExpectedVersion into ConcurrencyError with the actual revision', async () => {
    const store = new KurrentDbEventStore(conflictingClient(3n, [{ id: '00000000-0000-4000-8000-000000000001', revision: 3n, commit: 900n }]));
    const error = await store.append('s', [{ id: 'new-event', type: 'T', data: {}, occurredAt: '2025-01-01T00:00:00.000Z' }], 1).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConcurrencyError);
    expect(error).toMatchObject({ streamId: 's', expected: 1, actual: 3 });
    const missing = new KurrentDbEventStore(conflictingClient('no_stream', []));
    await expect(missing.append('s', [{ id: 'x', type: 'T', data: {}, occurredAt: '2025-01-01T00:00:00.000Z' }], 0)).rejects.toMatchObject({ actual: 'no_stream' });
  });

  it('answers a retried append whose events are already stored with their original position', async () => {
    const id = 'retried-event';
    const store = new KurrentDbEventStore(conflictingClient(1n, [
      { id: kurrentEventId('other'), revision: 1n, commit: 800n, eventId: 'other' },
      { id: kurrentEventId(id), revision: 0n, commit: 700n, eventId: id },
    ]));
    await expect(store.append('s', [{ id, type: 'T', data: {}, occurredAt: '2025-01-01T00:00:00.000Z' }], 'no_stream')).resolves.toEqual({ nextRevision: 0, position: 700n });
  });
});
