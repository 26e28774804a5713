import { loadConfig } from '@circuit/shared/config';
import { createLogger } from '@circuit/shared/logger';
import { createKnex } from '@circuit/shared/db/knex';
import { requireDatabaseUrl, selectEventStore } from '@circuit/shared/adapters/select';
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
import { createProjectionService } from './projection-service';
import { projectionServiceOpenApi } from './projection-openapi';
import { ticketKeysFrom } from '@circuit/shared/tickets/ticket-keys';

/** The projection service alone: projection workers and the GET /api query endpoints. */
const config = loadConfig({ PORT: '3002', ...process.env });
const log = createLogger('projection-service', config.LOG_LEVEL);
const tracing = startTracing('projection-service', config);
const knex = await createKnex({ kind: 'postgres', url: requireDatabaseUrl(config, 'projection service') });
const metrics = createMetrics('projection-service');
const store = new MeteredEventStore(new TracedEventStore(await selectEventStore(config, knex, log)), metrics);
const projections = await createProjectionService({ knex, store, log, readCache: { enabled: config.READ_CACHE === 'true' }, publicUrl: config.publicUrl, tickets: ticketKeysFrom(config), metrics });
await projections.start();

const session = createSessionMiddleware(knex, { secret: config.sessionSecret, secure: config.publicUrl.startsWith('https://') });
const app = createHttpApp({ log, knex, session: session.middleware, allowedOrigins: [config.publicUrl], trustProxy: config.trustProxy, production: config.NODE_ENV === 'production', metrics, mount: (a) => a.use(apiDocumentRoutes(buildApiDocument([documentOpenApi, ...projectionServiceOpenApi], { title: 'Circuit API: queries' })), projections.router) });
const server = createHttpServer(app).listen(config.PORT, () => log.info({ port: config.PORT }, 'projection service listening'));

onShutdown(log, async () => {
  await new Promise((resolve) => server.close(resolve));
  await projections.stop();
  session.close();
  await store.close();
  await knex.destroy();
  await tracing.shutdown();
});
