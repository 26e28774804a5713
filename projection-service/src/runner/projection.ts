import type { Knex } from 'knex';
import type { RecordedEvent } from '@circuit/shared/ports/event-store';

/**
 * A projection turns events into read-model rows. `apply` only writes through `trx` and derives
 * every value from the event (never the clock), so a rebuild from position 0 yields the same rows.
 */
export interface Projection {
  name: string;
  /** Tables this projection owns; a rebuild empties them. */
  tables: string[];
  apply(trx: Knex.Transaction, event: RecordedEvent): Promise<void>;
}
