import type { ErrorRequestHandler, RequestHandler } from 'express';
import { ZodError } from 'zod';
import { DomainError, type DomainErrorKind } from '../commands/domain-errors';

/** The one map from the domain's refusals to HTTP statuses. */
const STATUS_OF: Record<DomainErrorKind, number> = {
  refused: 400,
  unauthenticated: 401,
  payment_required: 402,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  unprocessable: 422,
  too_many: 429,
  unavailable: 503,
};

export const httpStatusOf = (error: DomainError): number => STATUS_OF[error.kind];

/** The first zod issue's message is the one the spec names for that field. */
export function zodMessage(error: ZodError): string {
  return error.issues[0]?.message ?? 'Invalid request';
}

/** Domain errors map to HTTP in this one place (docs/decisions.md#d18-the-answer-envelope-and-statuses-that-mean-what-they-say). */
export const errorHandler: ErrorRequestHandler = (error: unknown, req, res, _next) => {
  if (res.headersSent) return;
  if (error instanceof DomainError) {
    res.status(httpStatusOf(error)).json({
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
