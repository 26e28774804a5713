import type { Knex } from 'knex';
import type { RecordedEvent } from '@circuit/shared/ports/event-store';

/**
 * A projection turns events into read-model rows. It owns its tables (no other projection writes
 * them) and has its own checkpoint, so it can be added to a running system or rebuilt on its own.
 *
 * `applyBatch` gets consecutive events of the feed and writes only through `trx` with set-based
 * statements (a few per batch, not a few per event). Every value comes from the events (never the
 * clock), so a rebuild from position 0 yields the same rows. Tables are named unqualified: a
 * rebuild runs the same code with a scratch schema first on the search_path.
 */
export interface Projection {
  name: string;
  /** Tables this projection owns; a rebuild fills fresh copies and swaps them in. */
  tables: string[];
  /**
   * Event types the projection reads. Read-your-writes waits only for the projections that declare
   * a type the command appended; a projection that declares none is waited for by every command.
   */
  eventTypes?: readonly string[];
  /**
   * Named parts of its tables, each with the event types that change it. A process that caches
   * what it read from one part (ReadModelProgress.localVersionOf with `facetOf`) keeps it while
   * batches change only the other parts: a busy chat's messages do not move its membership's version.
   */
  facets?: Readonly<Record<string, readonly string[]>>;
  applyBatch(trx: Knex.Transaction, events: RecordedEvent[]): Promise<void>;
}
