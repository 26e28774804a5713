import type { Response } from 'express';
import type { z } from 'zod';
import type { CachedJson } from '../projections/read-cache';
import type { AcceptedAnswerSchema } from './openapi/envelope';

/** The spec's response envelope: { success, message, data }. */
export interface Envelope<T> {
  success: boolean;
  message?: string;
  data?: T;
}

export function ok<T>(data: T, message?: string): Envelope<T> {
  return message === undefined ? { success: true, data } : { success: true, message, data };
}

/**
 * The `data` of a 202 answer: the command is done but the read models do not show it yet. The
 * `Location` header, when there is one, is the GET route to poll until the item is there.
 */
export type AcceptedData = z.infer<typeof AcceptedAnswerSchema>['data'];

/** What `res.type('json')` sets. */
const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/**
 * Sends an answer serialised beforehand (ReadCache) with its tag: express answers 304 when the client has it.
 * A plain 200 to a request that asks nothing conditional (no If-None-Match or If-Modified-Since, so express's
 * `req.fresh` is false) gets what `res.send` would give it, its headers and bytes, in one `res.end` without
 * express's type lookup and checks; anything else goes through `res.send` itself.
 */
export function sendJson(res: Response, answer: CachedJson): void {
  res.setHeader('ETag', answer.etag);
  const headers = res.req.headers;
  if (res.statusCode !== 200 || headers['if-none-match'] || headers['if-modified-since'] || res.hasHeader('Transfer-Encoding')) {
    res.type('json').send(answer.body);
    return;
  }
  res.setHeader('Content-Type', JSON_CONTENT_TYPE);
  res.setHeader('Content-Length', answer.length);
  if (res.req.method === 'HEAD') res.end();
  else res.end(answer.body);
}

/** sendJson of a ReadCache answer: at once when it is at hand (a hit), else once it is computed (express gets the promise and its failure). */
export function sendCached(res: Response, answer: CachedJson | Promise<CachedJson>): void | Promise<void> {
  if (answer instanceof Promise) return answer.then((ready) => sendJson(res, ready));
  sendJson(res, answer);
}
