import type { ErrorRequestHandler, RequestHandler } from 'express';
import { ZodError } from 'zod';

/** A failure the user should read as is; `status` means what it says (docs/decisions.md#d18-the-answer-envelope-and-statuses-that-mean-what-they-say). */
export class DomainError extends Error {
  constructor(
    readonly status: 400 | 401 | 402 | 403 | 404 | 409 | 422 | 429 | 503,
    message: string,
    readonly details?: unknown,
    /** What the client may act on (the envelope's `data`), e.g. the e-mail to verify. */
    readonly data?: unknown,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export const badRequest = (message: string, details?: unknown) => new DomainError(400, message, details);
export const unauthorized = (message = 'Authentication required') => new DomainError(401, message);
export const forbidden = (message = 'You are not allowed to do this') => new DomainError(403, message);
export const notFound = (message = 'Not found') => new DomainError(404, message);
export const conflict = (message: string) => new DomainError(409, message);

/** The first zod issue's message is the one the spec names for that field. */
export function zodMessage(error: ZodError): string {
  return error.issues[0]?.message ?? 'Invalid request';
}

/** Domain errors map to HTTP in this one place. */
export const errorHandler: ErrorRequestHandler = (error: unknown, req, res, _next) => {
  if (res.headersSent) return;
  if (error instanceof DomainError) {
    res.status(error.status).json({
      success: false,
      message: error.message,
      ...(error.details ? { errors: error.details } : {}),
      ...(error.data !== undefined ? { data: error.data } : {}),
    });
    return;
  }
  if (error instanceof ZodError) {
    res.status(400).json({
      success: false,
      message: zodMessage(error),
      errors: error.issues.map((i) => ({ field: i.path.join('.'), message: i.message })),
    });
    return;
  }
  // body-parser's errors carry a status (malformed JSON, body too large).
  const status = (error as { status?: number; type?: string }).status;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    const message = status === 413 ? 'Request body is too large' : 'Malformed request body';
    res.status(status).json({ success: false, message });
    return;
  }
  (req as { log?: { error(obj: unknown, msg: string): void } }).log?.error({ err: error }, 'unhandled error');
  res.status(500).json({ success: false, message: 'Something went wrong. Please try again.' });
};

export const notFoundApi: RequestHandler = (_req, res) => {
  res.status(404).json({ success: false, message: 'Not found' });
};

/** Lets async route handlers throw; express 5 forwards rejected promises to the error handler itself. */
export type { RequestHandler };
