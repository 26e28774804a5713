import type { Response } from 'express';
import { ok } from '@circuit/shared/http/envelope';
import type { AcceptedData } from '@circuit/shared/http/envelope';

/**
 * Read-your-writes ran out of time (docs/decisions.md#d7-read-your-writes-with-a-bounded-wait): the command is done and its events are
 * stored, but the read models have not applied them yet. Rather than an answer read from a model
 * that does not show the change yet (a 404 for a brand-new item, which a client would "fix" by
 * creating it again), the answer is 202 with the id and, where the item has a GET route, a
 * Location the client polls until the item is there.
 */
export function answerAccepted<T extends AcceptedData>(res: Response, data: T, message: string, location?: string): void {
  if (location) res.location(location);
  res.status(202).json(ok(data, message));
}
