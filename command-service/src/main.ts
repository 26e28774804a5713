import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { LocalFileStore } from '@circuit/shared/adapters/file-store/local-file-store';
import { loadConfig } from '@circuit/shared/config';
import { createLogger } from '@circuit/shared/logger';
import { createKnex } from '@circuit/shared/db/knex';
import { requireDatabaseUrl, selectBus, selectEventStore, selectMailer } from '@circuit/shared/adapters/select';
import { ReadModelProgress } from '@circuit/shared/projections/progress';
import { readModelQueryClient } from '@circuit/shared/adapters/query-client/read-model-query-client';
import { createSessionMiddleware } from '@circuit/shared/http/session';
import { createHttpApp } from '@circuit/shared/http/app';
import { createHttpServer } from '@circuit/shared/http/server';
import { createMetrics } from '@circuit/shared/metrics/metrics';
import { MeteredEventStore } from '@circuit/shared/metrics/metered-event-store';
import { buildApiDocument } from '@circuit/shared/http/openapi/contract';
import { apiDocumentRoutes, documentOpenApi } from '@circuit/shared/http/openapi/document-routes';
import { onShutdown } from '@circuit/shared/process/shutdown';
import { startTracing } from '@circuit/shared/tracing/tracing';
import { TracedEventStore } from '@circuit/shared/tracing/traced-event-store';
import { createCommandService } from './command-service';
import { commandServiceOpenApi } from './command-openapi';
import { seedIfEmpty } from './seed/seed';

/** The command service alone (cluster and production modes). */
const config = loadConfig({ PORT: '3001', ...process.env });
const log = createLogger('command-service', config.LOG_LEVEL);
const tracing = startTracing('command-service', config);
const knex = await createKnex({ kind: 'postgres', url: requireDatabaseUrl(config, 'command service') });
const metrics = createMetrics('command-service');
const events = await selectEventStore(config, knex, log);
const store = new MeteredEventStore(new TracedEventStore(events), metrics);
const bus = await selectBus(config);
const { mailer, mailbox } = await selectMailer(config, knex, log);
// Another process runs the projections: progress is read from their checkpoint.
const progress = new ReadModelProgress(knex);
const fileStore = new LocalFileStore(path.join(config.DATA_DIR, 'uploads'));
const commands = await createCommandService({ config, knex, store, bus, mailer, mailbox, progress, queries: readModelQueryClient(knex), log, fileStore, keys: events.codec.keys, metrics });
await commands.start();
await seedIfEmpty({ config, store, knex, accounts: commands.accounts, profiles: commands.profiles, projects: commands.projects, social: commands.social, hackathons: commands.hackathons, registrations: commands.registrations, payments: commands.payments, reviews: commands.reviews, announcements: commands.announcements, community: commands.community, log });

const session = createSessionMiddleware(knex, { secret: config.sessionSecret, secure: config.publicUrl.startsWith('https://') });
const app = createHttpApp({ log, knex, session: session.middleware, allowedOrigins: [config.publicUrl], trustProxy: config.trustProxy, production: config.NODE_ENV === 'production', metrics, mount: (a) => a.use(apiDocumentRoutes(buildApiDocument([documentOpenApi, ...commandServiceOpenApi], { title: 'Circuit API: writes and sign-in' })), commands.router) });
// The port bound, not the one asked for: PORT=0 (a free port, as the cluster tests ask) is only known here.
const server = createHttpServer(app).listen(config.PORT, () => log.info({ port: (server.address() as AddressInfo).port }, 'command service listening'));

onShutdown(log, async () => {
  await new Promise((resolve) => server.close(resolve));
  await commands.stop();
  session.close();
  await bus.close();
  await store.close();
  await knex.destroy();
  await tracing.shutdown();
});
