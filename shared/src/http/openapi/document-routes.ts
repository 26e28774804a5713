import { createRequire } from 'node:module';
import { Router } from 'express';
import { z } from 'zod';
import { routersInOrder, type RouterSequence } from '../route-gate';
import type { ApiDocument, ApiRegistration } from './contract';

const require = createRequire(import.meta.url);
/** Scalar's self-contained browser bundle, served from our own origin (no CDN, nothing fetched at run time). */
const SCALAR_BUNDLE = require.resolve('@scalar/api-reference/browser/standalone.js');

const attribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * The reader's page: no inline script (the configuration travels in data attributes), no fonts or
 * proxies of Scalar's servers, so it works offline and under a strict Content-Security-Policy.
 */
function referencePage(title: string): string {
  const configuration = JSON.stringify({
    withDefaultFonts: false,
    hideClientButton: true,
    telemetry: false,
    showDeveloperTools: 'never',
    showToolbar: 'never',
    agent: { disabled: true },
  });
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${attribute(title)} reference</title></head>
<body>
<script id="api-reference" data-url="/api/openapi.json" data-configuration="${attribute(configuration)}"></script>
<script src="/api/docs/scalar.js"></script>
</body>
</html>`;
}

/**
 * GET /api/openapi.json, GET /api/docs and its script: mounted at the app root by whichever process serves the API.
 * Given a function, the document is made at its first request (once): describing every route with
 * zod-to-openapi is about a second of a start that no page of the site waits for.
 */
export function apiDocumentRoutes(document: ApiDocument | (() => ApiDocument)): RouterSequence {
  const router = Router();
  let made: { json: string; page: string } | undefined;
  const answers = () => {
    if (!made) {
      const doc = typeof document === 'function' ? document() : document;
      made = { json: JSON.stringify(doc), page: referencePage(doc.info.title) };
    }
    return made;
  };
  if (typeof document !== 'function') answers();

  router.get('/api/openapi.json', (_req, res) => {
    res.type('application/json').setHeader('Cache-Control', 'no-cache');
    res.send(answers().json);
  });
  router.get('/api/docs', (_req, res) => {
    res.type('html').setHeader('Cache-Control', 'no-cache');
    res.send(answers().page);
  });
  router.get('/api/docs/scalar.js', (_req, res) => {
    res.setHeader('Cache-Control', 'public, max-age=3600');
    res.type('application/javascript').sendFile(SCALAR_BUNDLE);
  });
  return routersInOrder([router]);
}

/** The document's own routes, described like every other feature's. */
export const documentOpenApi: ApiRegistration = (api) => {
  api.route({
    method: 'get',
    path: '/api/openapi.json',
    tag: 'Contract',
    summary: 'This OpenAPI 3.1 document',
    ok: { status: 200, description: 'The document', contentType: 'application/json', schema: z.record(z.string(), z.unknown()) },
  });
  api.route({
    method: 'get',
    path: '/api/docs',
    tag: 'Contract',
    summary: 'A readable reference of this document (Scalar)',
    ok: { status: 200, description: 'An HTML page', contentType: 'text/html', schema: z.string() },
  });
  api.route({
    method: 'get',
    path: '/api/docs/scalar.js',
    tag: 'Contract',
    summary: "The reference page's script, served locally",
    ok: { status: 200, description: 'JavaScript', contentType: 'application/javascript', schema: z.string() },
  });
};
