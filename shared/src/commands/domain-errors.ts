/**
 * Why the domain refused a command, in the domain's words. Deciders and services throw these and
 * know nothing of HTTP; the web edge maps each kind to a status in one place (shared/src/http/errors.ts,
 * docs/decisions.md#d18-the-answer-envelope-and-statuses-that-mean-what-they-say).
 */
export type DomainErrorKind =
  /** The request cannot be carried out as asked (a rule of the domain, not a malformed body). */
  | 'refused'
  /** Nobody is signed in, or the credentials are wrong. */
  | 'unauthenticated'
  /** The action waits for a payment. */
  | 'payment_required'
  /** This actor may not do this. */
  | 'forbidden'
  | 'not_found'
  /** The state has moved on: already done, taken, or contended. */
  | 'conflict'
  /** Well formed, but against a rule about the actor themselves (their own role, a reused key). */
  | 'unprocessable'
  | 'too_many'
  /** A service the command needs is not there right now. */
  | 'unavailable';

export interface DomainErrorOptions {
  /** Per-field messages, for the answer's `errors`. */
  details?: unknown;
  /** What the client may act on (the answer's `data`), e.g. the e-mail to verify. */
  data?: unknown;
  /** A stable name for callers that react to this refusal in particular; the message is for people. */
  code?: string;
}

/** A refusal the user should read as is. */
export class DomainError extends Error {
  readonly details?: unknown;
  readonly data?: unknown;
  readonly code?: string;

  constructor(
    readonly kind: DomainErrorKind,
    message: string,
    options: DomainErrorOptions = {},
  ) {
    super(message);
    this.name = 'DomainError';
    this.details = options.details;
    this.data = options.data;
    this.code = options.code;
  }
}

export const refused = (message: string, options?: DomainErrorOptions) => new DomainError('refused', message, options);
export const unauthenticated = (message = 'Authentication required', options?: DomainErrorOptions) => new DomainError('unauthenticated', message, options);
export const paymentRequired = (message: string) => new DomainError('payment_required', message);
export const forbidden = (message = 'You are not allowed to do this', options?: DomainErrorOptions) => new DomainError('forbidden', message, options);
export const notFound = (message = 'Not found', options?: DomainErrorOptions) => new DomainError('not_found', message, options);
export const conflict = (message: string, options?: DomainErrorOptions) => new DomainError('conflict', message, options);
export const unprocessable = (message: string) => new DomainError('unprocessable', message);
export const tooMany = (message: string, options?: DomainErrorOptions) => new DomainError('too_many', message, options);
export const unavailable = (message: string) => new DomainError('unavailable', message);

/** Whether `error` is the domain's refusal named `code`. */
export const isRefusal = (error: unknown, code: string): error is DomainError => error instanceof DomainError && error.code === code;

/** What a lookup finds, or undefined where it answers not_found (for a caller to whom a miss is no error). */
export async function unlessNotFound<T>(lookup: Promise<T>): Promise<T | undefined> {
  try {
    return await lookup;
  } catch (error) {
    if (error instanceof DomainError && error.kind === 'not_found') return undefined;
    throw error;
  }
}
