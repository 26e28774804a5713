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

/** Sends an answer serialised beforehand (ReadCache) with its tag: express answers 304 when the client has it. */
export function sendJson(res: Response, answer: CachedJson): void {
  res.setHeader('ETag', answer.etag);
  res.type('json').send(answer.body);
}

/** sendJson of a ReadCache answer: at once when it is at hand (a hit), else once it is computed (express gets the promise and its failure). */
export function sendCached(res: Response, answer: CachedJson | Promise<CachedJson>): void | Promise<void> {
  if (answer instanceof Promise) return answer.then((ready) => sendJson(res, ready));
  sendJson(res, answer);
}
