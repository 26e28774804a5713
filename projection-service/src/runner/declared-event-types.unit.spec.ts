import { describe, expect, it } from 'vitest';
import type { Knex } from 'knex';
import { EventCatalogue } from '@circuit/shared/events/catalogue';
import type { RecordedEvent } from '@circuit/shared/ports/event-store';
import { allProjections } from '../projections';

/** Query-builder methods that change rows (a raw statement counts as one: it may). */
const WRITES = new Set(['insert', 'update', 'del', 'delete', 'merge', 'upsert', 'increment', 'decrement', 'truncate', 'raw']);

/**
 * A transaction whose reads find nothing and whose writes are recorded: a projection may look
 * up rows for any event of its streams, but must write nothing for a type it does not declare.
 */
function recordingTransaction(onWrite: (method: string) => void): Knex.Transaction {
  const chain: unknown = new Proxy(() => undefined, {
    get: (_target, property) => {
      if (property === 'then') return (resolve: (rows: unknown[]) => void) => resolve([]);
      return (...args: unknown[]) => {
        if (WRITES.has(String(property))) onWrite(String(property));
        void args;
        return chain;
      };
    },
    apply: () => chain,
  });
  return chain as Knex.Transaction;
}

/** A stream id that passes every prefix filter (`notifications-`, `hackathon-`, ...), so the type decides. */
const anyStream = new Proxy(new String('stream-1'), {
  get: (target, property) => {
    if (property === 'startsWith') return () => true;
    const value: unknown = Reflect.get(target, property, target);
    return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
  },
}) as unknown as string;

function recorded(type: string, position: number): RecordedEvent {
  return {
    id: `event-${position}`,
    streamId: anyStream,
    revision: 0,
    position: BigInt(position),
    type,
    data: {},
    metadata: {},
    occurredAt: new Date(0).toISOString(),
  };
}

/**
 * The runner hands a projection only the batches that hold one of its declared event types (the
 * others pass without a transaction): a type a projection handles but does not declare would be
 * lost. Every projection is given every other type of the catalogue, and must act on none.
 */
describe('projections declare every event type they handle', () => {
  for (const projection of allProjections) {
    it(projection.name, async () => {
      expect(projection.eventTypes).toBeDefined();
      const declared = new Set(projection.eventTypes);
      const others = Object.keys(EventCatalogue).filter((type) => !declared.has(type));
      const acted: string[] = [];
      for (const [i, type] of others.entries()) {
        // Handling a type means parsing its data (which fails on an empty object) or writing rows.
        let handled = false;
        const trx = recordingTransaction(() => (handled = true));
        await projection.applyBatch(trx, [recorded(type, i + 1)]).catch(() => (handled = true));
        if (handled) acted.push(type);
      }
      expect(acted).toEqual([]);
    });
  }
});
