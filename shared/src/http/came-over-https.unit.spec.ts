import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import express from 'express';
import supertest from 'supertest';
import { cameOverHttps, secureRequest } from './app';

const request = (remoteAddress: string, proto?: string) => ({ socket: { remoteAddress }, headers: proto ? { 'x-forwarded-proto': proto } : {} }) as unknown as IncomingMessage;

describe('cameOverHttps (for answers express does not make)', () => {
  it('believes X-Forwarded-Proto only from a proxy trustProxy trusts, as express does', () => {
    expect(cameOverHttps('loopback')(request('127.0.0.1', 'https'))).toBe(true);
    expect(cameOverHttps('loopback')(request('127.0.0.1', 'https, http'))).toBe(true);
    expect(cameOverHttps('loopback')(request('127.0.0.1'))).toBe(false);
    expect(cameOverHttps('loopback')(request('203.0.113.9', 'https'))).toBe(false);
    expect(cameOverHttps('loopback, 203.0.113.0/24')(request('203.0.113.9', 'https'))).toBe(true);
    expect(cameOverHttps(false)(request('127.0.0.1', 'https'))).toBe(false);
    expect(cameOverHttps(true)(request('198.51.100.1', 'HTTPS'))).toBe(true);
    expect(cameOverHttps(1)(request('198.51.100.1', 'https'))).toBe(true);
  });
});

describe('secureRequest (the baseline headers\' HSTS test)', () => {
  it("agrees with express's req.secure, with and without X-Forwarded-Proto, trusted or not", async () => {
    for (const trust of ['loopback', false, '203.0.113.0/24'] as const) {
      const app = express();
      app.set('trust proxy', trust);
      app.get('/', (req, res) => void res.json({ fast: secureRequest(req), express: req.secure }));
      for (const proto of [undefined, '', 'https', 'http', 'https, http']) {
        const call = supertest(app).get('/');
        const res = await (proto === undefined ? call : call.set('X-Forwarded-Proto', proto)).expect(200);
        expect(res.body.fast, `trust ${String(trust)}, X-Forwarded-Proto ${String(proto)}`).toBe(res.body.express);
      }
    }
  });
});
