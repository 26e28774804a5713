import { fetchUtils } from 'react-admin';

/** Same origin in production (/admin-console/ next to /api) and through Vite's proxy in development. */
export const API_URL = '/api';

const READS = new Set(['GET', 'HEAD']);

/** A random UUID; crypto.randomUUID exists only in secure contexts, getRandomValues everywhere. */
export function newRequestId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * fetchJson with the session cookie; failures are HttpError(message from the server's envelope, status).
 * Every write carries an Idempotency-Key (one per call: one per moderator action), so a request that
 * reaches the server twice acts once (docs/decisions.md#d8-idempotent-commands). A caller may give its own key in the headers.
 */
export function httpClient(url: string, options: fetchUtils.Options = {}) {
  const headers = new Headers(options.headers ?? { Accept: 'application/json' });
  if (!READS.has((options.method ?? 'GET').toUpperCase()) && !headers.has('Idempotency-Key')) headers.set('Idempotency-Key', newRequestId());
  return fetchUtils.fetchJson(url, { ...options, headers, credentials: 'include' });
}
