import path from 'node:path';
import express from 'express';
import type { Config } from '@circuit/shared/config';
import { createLogger, type Logger } from '@circuit/shared/logger';
import { createKnex, databaseTargetFrom, type Knex } from '@circuit/shared/db/knex';
import { PostgresEventStore } from '@circuit/shared/adapters/event-store/postgres-event-store';
import { SharedFeed } from '@circuit/shared/adapters/event-store/shared-feed';
import { withPersonalData } from '@circuit/shared/personal-data/personal-data';
import { createMetrics } from '@circuit/shared/metrics/metrics';
import { MeteredEventStore } from '@circuit/shared/metrics/metered-event-store';
import { startTracing } from '@circuit/shared/tracing/tracing';
import { TracedEventStore } from '@circuit/shared/tracing/traced-event-store';
import { LocalFileStore } from '@circuit/shared/adapters/file-store/local-file-store';
import type { FileStore } from '@circuit/shared/ports/file-store';
import { InProcessBus } from '@circuit/shared/adapters/bus/in-process-bus';
import { selectMailer } from '@circuit/shared/adapters/select';
import { ReadModelProgress } from '@circuit/shared/projections/progress';
import { readModelQueryClient } from '@circuit/shared/adapters/query-client/read-model-query-client';
import { createSessionMiddleware } from '@circuit/shared/http/session';
import { createHttpApp } from '@circuit/shared/http/app';
import { createHttpServer } from '@circuit/shared/http/server';
import { apiDocumentRoutes } from '@circuit/shared/http/openapi/document-routes';
import { createCommandService } from '@circuit/command-service/command-service';
import type { CommandServiceDeps } from '@circuit/command-service/context';
import { seedIfEmpty } from '@circuit/command-service/seed/seed';
import { createProjectionService } from '@circuit/projection-service/projection-service';
import { createRealtimeService, realtimeSettings } from '@circuit/realtime-service/realtime-service';
import { buildCircuitApiDocument } from './api-document';
import { ticketKeysFrom } from '@circuit/shared/tickets/ticket-keys';
import { builtWebApp } from '@circuit/public-web/server/built-web-app';
import { publicPages } from '@circuit/public-web/server/public-pages';
import { startPhases } from '@circuit/shared/time/phases';

const ROOT = path.resolve(import.meta.dirname, '../..');
/** The spacing of the feed's reads while the demo is seeded: a batch takes about ten commands' events. */
const SEED_READ_SPACING_MS = 200;
/** How long the start waits for the read models to take in the demo before it listens anyway. */
const SEED_CATCH_UP_MS = 30_000;

export interface EmbeddedOptions {
  config: Config;
  /** Tests pass an in-memory database and their own logger, clock and limits. */
  knex?: Knex;
  log?: Logger;
  now?: () => Date;
  rateLimits?: CommandServiceDeps['rateLimits'];
  /** Where uploaded images go; default DATA_DIR/uploads (tests give a temporary directory). */
  uploadsDir?: string;
  /** Where data exports' archives go; default DATA_DIR/data-exports (tests give a temporary directory or a double). */
  exportStore?: FileStore;
  /** The payments service of team registration (tests pass a double); see createCommandService. */
  teamPayments?: Parameters<typeof createCommandService>[0]['teamPayments'];
  /** A build of the web apps running beside the start (`npm start`): the web routes are made once it is done. */
  webBuilt?: Promise<void>;
}

/**
 * The embedded mode (docs/decisions.md#d9-one-codebase-three-runtime-modes-adapters-behind-ports): command, projection and realtime services and both web
 * apps in one process over one PGlite (or one Postgres when DATABASE_URL is set).
 */
export async function composeEmbedded(options: EmbeddedOptions) {
  const { config } = options;
  const log = options.log ?? createLogger('circuit', config.LOG_LEVEL);
  // One process, one service name: its spans still show the command, the projection batch and the socket emit.
  const tracing = startTracing('circuit', config);
  const timing = startPhases();
  const knex = options.knex ?? (await createKnex(databaseTargetFrom(config)));
  timing.mark('database');
  // One reader of the feed for the whole process: projections and process managers subscribe to it.
  const eventStore = await PostgresEventStore.create(knex, { log });
  const personalData = await withPersonalData(eventStore, knex, config);
  timing.mark('eventStore');
  const metrics = createMetrics('embedded');
  const store = new SharedFeed(new MeteredEventStore(new TracedEventStore(personalData), metrics));
  const bus = new InProcessBus();
  const { mailer, mailbox } = await selectMailer(config, knex, log);
  // The projection runner below shares this process and reports its progress directly.
  const progress = new ReadModelProgress(knex, { local: true });
  const fileStore = new LocalFileStore(options.uploadsDir ?? path.join(config.DATA_DIR, 'uploads'));

  const projections = await createProjectionService({ knex, store, log, progress, now: options.now, readCache: { enabled: config.READ_CACHE === 'true' }, publicUrl: config.publicUrl, tickets: ticketKeysFrom(config), metrics });
  timing.mark('projectionsCreate');
  await projections.start();
  timing.mark('projectionsStart');
  const commands = await createCommandService({ config, knex, store, bus, mailer, mailbox, progress, queries: readModelQueryClient(knex), log, now: options.now, rateLimits: options.rateLimits, fileStore, exportStore: options.exportStore, teamPayments: options.teamPayments, keys: personalData.codec.keys, metrics });
  await commands.start();
  timing.mark('commands');
  // Nobody reads the read models before the site listens: the seed's commands skip their read-your-writes
  // waits and the projections read the feed in larger batches, about half the statements of a first start; the
  // site listens once they have caught up (docs/architecture.md#runtime-modes).
  const endSeedPace = [progress.skipWaits(), eventStore.spaceReads(SEED_READ_SPACING_MS)];
  // Every service the seed can use, by name (seedIfEmpty picks those it knows).
  const seeded = await seedIfEmpty({ ...commands, config, store, knex, log, files: fileStore }).finally(() => endSeedPace.forEach((end) => end()));
  if (seeded && !(await progress.waitFor(await store.headPosition(), SEED_CATCH_UP_MS))) log.warn('the read models are still catching up with the demo seed; the site starts meanwhile');
  timing.mark('seed');

  await options.webBuilt;
  timing.mark('webBuild');
  const session = createSessionMiddleware(knex, { secret: config.sessionSecret, secure: config.publicUrl.startsWith('https://') });
  const web = express.Router();
  web.use('/admin-console', builtWebApp(path.join(ROOT, 'admin-console/dist')));
  web.use(publicPages({ dist: path.join(ROOT, 'public-web/dist'), serverEntry: path.join(ROOT, 'public-web/dist-server/entry-server.js'), publicUrl: config.publicUrl, log }));
  web.use(builtWebApp(path.join(ROOT, 'public-web/dist')));
  const app = createHttpApp({
    log,
    knex,
    session: session.middleware,
    allowedOrigins: [config.publicUrl],
    trustProxy: config.trustProxy,
    production: config.NODE_ENV === 'production',
    razorpayCheckout: Boolean(config.RAZORPAY_KEY_ID && config.RAZORPAY_KEY_SECRET),
    metrics,
    mount: (a) => {
      a.use(apiDocumentRoutes(buildCircuitApiDocument));
      // The query side first: reads, by far the most requests, then skip the command side's many routes. The
      // two answer no path and method in common (the command side's GETs are /api/auth, /uploads, /dev, the quiz questions call, which starts an attempt, and a data export's download, from its store).
      a.use(projections.router);
      a.use(commands.router);
    },
    fallback: web,
  });
  const server = createHttpServer(app);
  const realtime = await createRealtimeService({ httpServer: server, session: session.middleware, log, bus, knex, redisUrl: config.REDIS_URL, metrics, ...realtimeSettings(config) });
  timing.mark('web');

  return {
    metrics,
    app,
    server,
    knex,
    store,
    /** The event store inside its shared feed: `personalData.codec.keys` holds the people's data keys. */
    personalData,
    bus,
    mailbox,
    commands,
    projections,
    /** How far the read models are: a test waits on it for what it appended to the store directly. */
    progress,
    realtime,
    log,
    /** The ms each phase of composing took (database, migrations, projections, seed, web). */
    startPhases: timing.phases,
    async listen(port = config.PORT): Promise<number> {
      await new Promise<void>((resolve) => server.listen(port, resolve));
      const address = server.address();
      return typeof address === 'object' && address ? address.port : port;
    },
    /** In order: stop accepting and close sockets (their last writes included), drain subscribers, then close the pool. */
    async stop(): Promise<void> {
      await realtime.stop(); // closes the http server (waiting for requests in flight) and every socket
      await commands.stop();
      await projections.stop();
      session.close();
      await store.close();
      await bus.close();
      if (!options.knex) await knex.destroy();
      await tracing.shutdown();
    },
  };
}
export type Embedded = Awaited<ReturnType<typeof composeEmbedded>>;
