import express, { type RequestHandler } from 'express';
import supertest from 'supertest';
import { describe, expect, it } from 'vitest';
import { ReadCache } from '../projections/read-cache';
import { sendCached } from './envelope';

/** Two apps answering the same cached answer: through sendJson, and as express's own res.send of its bytes did it. */
async function apps(setup: RequestHandler = (_req, _res, next) => next()) {
  const cache = new ReadCache({ versionOf: () => '1' });
  const answer = await cache.json('k', ['p'], async () => ({ success: true, data: { title: 'Ünïcode ✓', items: [1, 2, 3] } }));
  const ours = express().get('/a', setup, (_req, res) => sendCached(res, cache.json('k', ['p'], () => Promise.reject(new Error('a hit computes nothing')))));
  const express5 = express().get('/a', setup, (_req, res) => {
    res.setHeader('ETag', answer.etag);
    res.type('json').send(answer.body);
  });
  return { answer, ours, express5 };
}

const comparable = (headers: Record<string, string>) => {
  const { date: _date, ...rest } = headers;
  return rest;
};

describe('sendJson (a cached answer in one res.end)', () => {
  it("answers the headers and bytes express's res.send gives, for GET and HEAD", async () => {
    const { answer, ours, express5 } = await apps();
    for (const method of ['get', 'head'] as const) {
      const [a, b] = await Promise.all([supertest(ours)[method]('/a').expect(200), supertest(express5)[method]('/a').expect(200)]);
      expect(comparable(a.headers)).toEqual(comparable(b.headers));
      expect(a.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(a.headers['content-length']).toBe(String(answer.body.length));
      expect(a.headers.etag).toBe(answer.etag);
      if (method === 'get') expect(Buffer.from(a.text ?? '', 'utf8')).toEqual(answer.body);
    }
  });

  it('answers a conditional GET as express does: 304 when the client has the answer, the answer otherwise', async () => {
    const { answer, ours, express5 } = await apps();
    for (const [name, value] of [
      ['If-None-Match', answer.etag],
      ['If-None-Match', 'W/"other"'],
      ['If-Modified-Since', new Date().toUTCString()],
    ] as const) {
      const [a, b] = await Promise.all([supertest(ours).get('/a').set(name, value), supertest(express5).get('/a').set(name, value)]);
      expect(a.status).toBe(b.status);
      expect(comparable(a.headers)).toEqual(comparable(b.headers));
      expect(a.text).toBe(b.text);
    }
    await supertest(ours).get('/a').set('If-None-Match', answer.etag).expect(304);
  });

  it('leaves another status, or headers set before, to res.send', async () => {
    const created = await apps((_req, res, next) => {
      res.status(201).setHeader('Cache-Control', 'no-store');
      next();
    });
    const [a, b] = await Promise.all([supertest(created.ours).get('/a'), supertest(created.express5).get('/a')]);
    expect(a.status).toBe(201);
    expect(a.headers['cache-control']).toBe('no-store');
    expect(comparable(a.headers)).toEqual(comparable(b.headers));
    expect(a.text).toBe(b.text);
  });

  it('sends an answer not yet at hand once it is computed', async () => {
    const cache = new ReadCache({ versionOf: () => '1' });
    const app = express().get('/a', (_req, res) => sendCached(res, cache.json('k', ['p'], async () => ({ success: true }))));
    const res = await supertest(app).get('/a').expect(200);
    expect(res.body).toEqual({ success: true });
    expect(res.headers['content-length']).toBe(String(Buffer.byteLength(JSON.stringify({ success: true }))));
  });
});
