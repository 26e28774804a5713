import type { RequestHandler } from 'express';
import { refused } from '../commands/domain-errors';

export const EdgeMessages = {
  nul: 'Text must not contain NUL characters (\\u0000).',
  malformedText: 'Text must be valid Unicode (no unpaired surrogates).',
  malformedUrl: 'The address of the request is malformed.',
} as const;

// A high half not followed by a low one, or a low half not preceded by a high one (code units, no `u` flag).
const UNPAIRED_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Why a string cannot be stored as text in Postgres (NUL, or unpaired UTF-16 halves in jsonb), if it cannot. */
function problemOf(value: string): string | undefined {
  if (value.includes('\u0000')) return EdgeMessages.nul;
  if (UNPAIRED_SURROGATE.test(value)) return EdgeMessages.malformedText;
  return undefined;
}

/** The first unstorable string anywhere in a parsed body or query, keys included; iterative, so any depth is safe. */
export function unstorableText(root: unknown): string | undefined {
  const pending: unknown[] = [root];
  while (pending.length > 0) {
    const value = pending.pop();
    if (typeof value === 'string') {
      const problem = problemOf(value);
      if (problem) return problem;
    } else if (Array.isArray(value)) {
      pending.push(...value);
    } else if (value !== null && typeof value === 'object') {
      for (const [key, child] of Object.entries(value)) {
        const problem = problemOf(key);
        if (problem) return problem;
        pending.push(child);
      }
    }
  }
  return undefined;
}

/**
 * Refuses at the edge, with a 400, text the database cannot store: a NUL character (`%00` in the
 * address, `\u0000` in a JSON or form body) or an unpaired surrogate. Without this, such input
 * reached Postgres and answered 500. Runs after the body parsers; multipart bodies are checked
 * where they are read.
 */
export const rejectUnstorableText: RequestHandler = (req, _res, next) => {
  if (/%00|\u0000/i.test(req.originalUrl)) throw refused(EdgeMessages.nul);
  let query: unknown;
  try {
    query = req.query;
  } catch {
    throw refused(EdgeMessages.malformedUrl);
  }
  const problem = unstorableText(query) ?? unstorableText(req.body);
  if (problem) throw refused(problem);
  next();
};
