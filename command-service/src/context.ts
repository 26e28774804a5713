import type { Knex } from 'knex';
import type { Config } from '@circuit/shared/config';
import type { EventStore } from '@circuit/shared/ports/event-store';
import type { Bus } from '@circuit/shared/ports/bus';
import type { Mailer } from '@circuit/shared/ports/mailer';
import type { FileStore } from '@circuit/shared/ports/file-store';
import type { QueryClient } from '@circuit/shared/ports/query-client';
import type { Logger } from '@circuit/shared/logger';
import type { Metrics } from '@circuit/shared/metrics/metrics';
import type { ReadModelProgress } from '@circuit/shared/projections/progress';
import type { AbuseLimits } from './http/rate-limits';

/** What the command service's features receive from its composition root. */
export interface CommandServiceDeps {
  config: Config;
  knex: Knex;
  store: EventStore;
  bus: Bus;
  mailer: Mailer;
  progress: ReadModelProgress;
  /** The read models, for the answers after a write only (never for a decision): see shared/src/ports/query-client.ts. */
  queries: QueryClient;
  /** Uploaded images; default: a LocalFileStore under DATA_DIR/uploads. */
  fileStore?: FileStore;
  /** The data exports' archives, kept apart from the public uploads; default: a LocalFileStore under DATA_DIR/data-exports. */
  exportStore?: FileStore;
  log: Logger;
  now?: () => Date;
  /** Abuse limits; default: from the config (LIMIT_*). Tests raise them. */
  rateLimits?: AbuseLimits;
  /** How long a request repeating a running Idempotency-Key waits for its answer before 409 (default 10 s). */
  idempotencyWaitMs?: number;
  /** The process's Prometheus metrics: commands, payments and the reminder and bus backlogs are added to them. */
  metrics?: Metrics;
}
