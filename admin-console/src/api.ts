import { fetchUtils } from 'react-admin';

/** Same origin in production (/admin-console/ next to /api) and through Vite's proxy in development. */
export const API_URL = '/api';

/** fetchJson with the session cookie; failures are HttpError(message from the server's envelope, status). */
export function httpClient(url: string, options: fetchUtils.Options = {}) {
  return fetchUtils.fetchJson(url, { ...options, credentials: 'include' });
}
