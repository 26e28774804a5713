import path from 'node:path';
import express from 'express';
import { loadConfig } from '@circuit/shared/config';
import { baselineHeaders } from '@circuit/shared/http/app';
import { createHttpServer } from '@circuit/shared/http/server';
import { createLogger } from '@circuit/shared/logger';
import { onShutdown } from '@circuit/shared/process/shutdown';
import { builtWebApp } from './built-web-app';
import { publicPages } from './public-pages';

/**
 * The public web app alone (the cluster topology, docs/operations.md): nginx hands it every page request
 * its files do not answer. Public pages are rendered here from the projection service's answers
 * (API_ORIGIN, default http://projection-service:3002), everything else gets the app's shell.
 */
const config = loadConfig({ PORT: '3004', ...process.env });
const log = createLogger('public-web', config.LOG_LEVEL);
const dist = path.resolve(import.meta.dirname, '../dist');
const headers = Object.entries(baselineHeaders({ production: config.NODE_ENV === 'production', razorpayCheckout: Boolean(config.RAZORPAY_KEY_ID && config.RAZORPAY_KEY_SECRET) }));

const app = express();
app.disable('x-powered-by');
app.use((_req, res, next) => {
  for (const [name, value] of headers) res.setHeader(name, value);
  next();
});
app.use(publicPages({ dist, serverEntry: path.resolve(import.meta.dirname, '../dist-server/entry-server.js'), publicUrl: config.publicUrl, log, apiOrigin: process.env.API_ORIGIN ?? 'http://projection-service:3002' }));
app.use(builtWebApp(dist));
const server = createHttpServer(app).listen(config.PORT, () => log.info({ port: config.PORT }, 'public web listening'));

onShutdown(log, async () => {
  await new Promise((resolve) => server.close(resolve));
});
