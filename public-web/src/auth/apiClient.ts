/**
 * The one HTTP client of the app: same-origin fetch with the session cookie, JSON in and out.
 * The server answers { success, message, data }; failures carry { success: false, message } and an HTTP
 * status that means what it says. The server's message is preferred over any default (spec section 7).
 */

export interface Envelope<T> {
  success: boolean;
  message?: string;
  data?: T;
}

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
}

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

/** Sends a request and returns the whole envelope; throws ApiError on any failure. */
export async function request<T>(path: string, { method = 'GET', body, signal }: RequestOptions = {}): Promise<Envelope<T>> {
  let response: Response;
  const multipart = body instanceof FormData;
  try {
    response = await fetch(path, {
      method,
      credentials: 'include',
      headers: {
        Accept: 'application/json',
        ...(body !== undefined && !multipart ? { 'Content-Type': 'application/json' } : {}),
      },
      body: multipart ? body : body !== undefined ? JSON.stringify(body) : undefined,
      signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, undefined, undefined, 'Network error: the server could not be reached');
  }

  const json = await readJson(response);
  const envelope = isEnvelope(json) ? json : undefined;
  const message = typeof envelope?.message === 'string' && envelope.message.trim() ? envelope.message : undefined;

  if (!response.ok || envelope?.success === false) {
    throw new ApiError(response.status, message, envelope?.data, `Request failed (${response.status})`, fieldErrorsOf(json));
  }
  return (envelope ?? { success: true, data: json }) as Envelope<T>;
}

export const api = {
  get: <T>(path: string, signal?: AbortSignal) => request<T>(path, { signal }),
  post: <T>(path: string, body?: unknown) => request<T>(path, { method: 'POST', body: body ?? {} }),
  put: <T>(path: string, body?: unknown) => request<T>(path, { method: 'PUT', body: body ?? {} }),
  patch: <T>(path: string, body?: unknown) => request<T>(path, { method: 'PATCH', body: body ?? {} }),
  delete: <T>(path: string) => request<T>(path, { method: 'DELETE' }),
  /** A multipart upload of one file under the given field name. */
  upload: <T>(path: string, field: string, file: File) => {
    const form = new FormData();
    form.append(field, file);
    return request<T>(path, { method: 'POST', body: form });
  },
};
