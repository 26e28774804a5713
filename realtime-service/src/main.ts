import type { AddressInfo } from 'node:net';
import express from 'express';
import { loadConfig } from '@circuit/shared/config';
import { createLogger } from '@circuit/shared/logger';
import { createKnex } from '@circuit/shared/db/knex';
import { requireDatabaseUrl, selectBus } from '@circuit/shared/adapters/select';
import { createSessionMiddleware } from '@circuit/shared/http/session';
import { baselineHeaders } from '@circuit/shared/http/app';
import { createHttpServer } from '@circuit/shared/http/server';
import { onShutdown } from '@circuit/shared/process/shutdown';
import { startTracing } from '@circuit/shared/tracing/tracing';
import { createMetrics, metricsRoute } from '@circuit/shared/metrics/metrics';
import { createRealtimeService, realtimeSettings } from './realtime-service';

/** The realtime service alone: Socket.IO on the shared session store. */
const config = loadConfig({ PORT: '3003', ...process.env });
const log = createLogger('realtime-service', config.LOG_LEVEL);
const tracing = startTracing('realtime-service', config);
const knex = await createKnex({ kind: 'postgres', url: requireDatabaseUrl(config, 'realtime service') });
const bus = await selectBus(config);
const session = createSessionMiddleware(knex, { secret: config.sessionSecret, secure: config.publicUrl.startsWith('https://') });
const app = express();
app.disable('x-powered-by');
const headers = Object.entries(baselineHeaders({ production: config.NODE_ENV === 'production' }));
app.use((_req, res, next) => {
  for (const [name, value] of headers) res.setHeader(name, value);
  next();
});
const metrics = createMetrics('realtime-service');
app.get('/metrics', metricsRoute(metrics));
app.get('/healthz', (_req, res) => {
  res.json({ status: 'ok' });
});
app.get('/readyz', async (_req, res) => {
  try {
    await knex.raw('select 1');
    res.json({ status: 'ready' });
  } catch {
    res.status(503).json({ status: 'not ready' });
  }
});
const server = createHttpServer(app);
const realtime = await createRealtimeService({ httpServer: server, session: session.middleware, log, bus, knex, redisUrl: config.REDIS_URL, metrics, ...realtimeSettings(config) });
// The port bound, not the one asked for: PORT=0 (a free port, as the cluster tests ask) is only known here.
server.listen(config.PORT, () => log.info({ port: (server.address() as AddressInfo).port }, 'realtime service listening'));

onShutdown(log, async () => {
  await realtime.stop();
  session.close();
  await bus.close();
  await knex.destroy();
  await tracing.shutdown();
});
