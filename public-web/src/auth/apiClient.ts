/**
 * The one HTTP client of the app: same-origin fetch with the session cookie, JSON in and out.
 * The server answers { success, message, data }; failures carry { success: false, message } and an HTTP
 * status that means what it says. The server's message is preferred over any default (spec section 7).
 *
 * Every POST/PUT/PATCH/DELETE carries an `Idempotency-Key`, one per user action: when the answer
 * is lost (network error) or the server says the first try is still running (409 with
 * Retry-After), the request is sent again with the same key, so the action happens once. A 202
 * answer means the command is done but the read models are still catching up: its `Location` is
 * polled (bounded) and the item it names is the answer.
 */

import type { AcceptedData } from '@circuit/shared/http/envelope';
import { takeEarlyAnswer } from './earlyRequests';

export interface Envelope<T> {
  success: boolean;
  message?: string;
  data?: T;
  /**
   * Set when the server answered 202 (the action is done, the read models not caught up yet) and
   * there was no item to poll or it did not become readable within the bound: `data` is the
   * 202's own (`{ id }`, AcceptedData), not the item a 200 would carry.
   */
  pending?: true;
}

export type { AcceptedData };

export interface FieldError {
  /** The body field, dotted for nested ones (`socialLinks.github`). */
  field: string;
  message: string;
}

export class ApiError extends Error {
  /** HTTP status; 0 when the request never got an answer (offline, server down). */
  readonly status: number;
  /** The server's own message, when it sent one. */
  readonly serverMessage: string | undefined;
  /** The failure's data, when the server sent some (for example { email } with a 403 on login). */
  readonly data: unknown;
  /** Per-field messages of a rejected body (`errors: [{ field, message }]`), when the server sent them. */
  readonly fieldErrors: FieldError[];

  constructor(status: number, serverMessage: string | undefined, data?: unknown, fallback = 'Request failed', fieldErrors: FieldError[] = []) {
    super(serverMessage ?? fallback);
    this.name = 'ApiError';
    this.status = status;
    this.serverMessage = serverMessage;
    this.data = data;
    this.fieldErrors = fieldErrors;
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

/** A 4xx answer will be the same on a retry. */
export const isClientError = (error: unknown) => isApiError(error) && error.status >= 400 && error.status < 500;

/** The server's message when there is one, else the screen's default text. */
export function messageOf(error: unknown, fallback: string): string {
  if (isApiError(error) && error.serverMessage) return error.serverMessage;
  return fallback;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

interface RequestOptions {
  method?: Method;
  /** A JSON body, or FormData for a multipart upload (the browser sets its content type). */
  body?: unknown;
  signal?: AbortSignal;
  /**
   * The user action this request carries out; default: a new one per call. Give the same key
   * again when the user retries the same action (a "Try again" button), so it happens once.
   */
  idempotencyKey?: string;
}

/**
 * A random RFC 4122 version-4 UUID. crypto.randomUUID exists only in secure contexts (https,
 * localhost); getRandomValues exists everywhere, so a site opened over plain http on a LAN works too.
 */
export function newRequestId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Waits before the n-th resend of a mutating request whose answer was lost (same key). */
export const RESEND_DELAYS_MS = [500, 1500];
/** Waits between polls of a 202's Location; their sum bounds how long an answer waits for its item. */
export const ACCEPTED_POLL_DELAYS_MS = [250, 500, 750, 1000, 1500, 2000, 2000, 3000, 3000];

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(new DOMException('Aborted', 'AbortError'));
    });
  });

/** A key to retry with: the server's "still in progress" answer to a repeated key. */
const stillRunning = (response: Response) => response.status === 409 && response.headers.has('Retry-After');

async function readJson(response: Response): Promise<unknown> {
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('application/json')) return undefined;
  try {
    return await response.json();
  } catch {
    return undefined;
  }
}

function isEnvelope(value: unknown): value is Envelope<unknown> {
  return typeof value === 'object' && value !== null && 'success' in value;
}

function fieldErrorsOf(value: unknown): FieldError[] {
  const errors = typeof value === 'object' && value !== null ? (value as { errors?: unknown }).errors : undefined;
  if (!Array.isArray(errors)) return [];
  return errors.flatMap((e: unknown) => {
    if (typeof e !== 'object' || e === null) return [];
    const { field, path, message } = e as { field?: unknown; path?: unknown; message?: unknown };
    const name = typeof field === 'string' ? field : Array.isArray(path) ? path.join('.') : undefined;
    return name && typeof message === 'string' ? [{ field: name, message }] : [];
  });
}

/** Empty in the browser (same origin); on the server, the API of the page being rendered (ssr/entry-server.tsx). */
let serverApiOrigin: () => string = () => '';

/** Where the server render sends its requests: the API it renders from, signed out. */
export function setServerApiOrigin(origin: () => string): void {
  serverApiOrigin = origin;
}

async function send(path: string, method: Method, body: unknown, signal: AbortSignal | undefined, idempotencyKey: string | undefined): Promise<Response> {
  const multipart = body instanceof FormData;
  try {
    const early = method === 'GET' ? takeEarlyAnswer(path) : undefined;
    if (early) return await early;
    return await fetch(serverApiOrigin() + path, {
      method,
      credentials: 'include',
      headers: {
        Accept: 'application/json',
        ...(body !== undefined && !multipart ? { 'Content-Type': 'application/json' } : {}),
        ...(idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : {}),
      },
      body: multipart ? body : body !== undefined ? JSON.stringify(body) : undefined,
      signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, undefined, undefined, 'Network error: the server could not be reached');
  }
}

/** A mutating request, sent again with its key while its answer is lost or its first try still runs. */
async function sendOnce(path: string, method: Method, body: unknown, signal: AbortSignal | undefined, key: string): Promise<Response> {
  for (let attempt = 0; ; attempt++) {
    const last = attempt >= RESEND_DELAYS_MS.length;
    try {
      const response = await send(path, method, body, signal, key);
      if (last || !stillRunning(response)) return response;
    } catch (error) {
      if (last || !(isApiError(error) && error.status === 0)) throw error;
    }
    await sleep(RESEND_DELAYS_MS[attempt]!, signal);
  }
}

async function envelopeOf<T>(response: Response): Promise<Envelope<T>> {
  const json = await readJson(response);
  const envelope = isEnvelope(json) ? json : undefined;
  const message = typeof envelope?.message === 'string' && envelope.message.trim() ? envelope.message : undefined;

  if (!response.ok || envelope?.success === false) {
    throw new ApiError(response.status, message, envelope?.data, `Request failed (${response.status})`, fieldErrorsOf(json));
  }
  return (envelope ?? { success: true, data: json }) as Envelope<T>;
}

/**
 * 202: the command is done, the item not readable yet. Polls its Location until it answers (the
 * item, with the command's message); when it never does within the bound, the 202's own envelope
 * (`data: { id }`) is the answer.
 */
async function afterAccepted<T>(accepted: Envelope<T>, location: string, signal?: AbortSignal): Promise<Envelope<T>> {
  for (const delay of ACCEPTED_POLL_DELAYS_MS) {
    await sleep(delay, signal);
    let response: Response;
    try {
      response = await send(location, 'GET', undefined, signal, undefined);
    } catch (error) {
      if (isApiError(error)) continue;
      throw error;
    }
    if (response.status === 404) continue;
    if (!response.ok) break;
    const item = await envelopeOf<T>(response).catch(() => undefined);
    if (item) return { success: true, ...(accepted.message ? { message: accepted.message } : {}), data: item.data };
    break;
  }
  return { ...accepted, pending: true };
}

/** Sends a request and returns the whole envelope; throws ApiError on any failure. */
export async function request<T>(path: string, { method = 'GET', body, signal, idempotencyKey }: RequestOptions = {}): Promise<Envelope<T>> {
  const response = method === 'GET' ? await send(path, method, body, signal, undefined) : await sendOnce(path, method, body, signal, idempotencyKey ?? newRequestId());
  const envelope = await envelopeOf<T>(response);
  if (response.status !== 202) return envelope;
  const location = response.headers.get('Location');
  return location ? afterAccepted(envelope, location, signal) : { ...envelope, pending: true };
}

/** `idempotencyKey`: see RequestOptions (default: a new key per call). */
export const api = {
  get: <T>(path: string, signal?: AbortSignal) => request<T>(path, { signal }),
  post: <T>(path: string, body?: unknown, idempotencyKey?: string) => request<T>(path, { method: 'POST', body: body ?? {}, idempotencyKey }),
  put: <T>(path: string, body?: unknown, idempotencyKey?: string) => request<T>(path, { method: 'PUT', body: body ?? {}, idempotencyKey }),
  patch: <T>(path: string, body?: unknown, idempotencyKey?: string) => request<T>(path, { method: 'PATCH', body: body ?? {}, idempotencyKey }),
  delete: <T>(path: string, idempotencyKey?: string) => request<T>(path, { method: 'DELETE', idempotencyKey }),
  /** A multipart upload of one file under the given field name. */
  upload: <T>(path: string, field: string, file: File, idempotencyKey?: string) => {
    const form = new FormData();
    form.append(field, file);
    return request<T>(path, { method: 'POST', body: form, idempotencyKey });
  },
};
