import type { DehydratedState } from '@tanstack/react-query';
import type { HydrationState } from 'react-router-dom';
import { scriptSafeJson } from '../seo/renderHeadTags';

/**
 * What a server-rendered page hands the browser beside its HTML: the data its screens read (so the client
 * asks for none of it again) and the router's state. It travels as a JSON data block, not a script: the
 * site's Content-Security-Policy runs no inline script, and a data block is never run.
 */
export interface ServerState {
  queries: DehydratedState;
  router: HydrationState;
}

export const SERVER_STATE_ID = 'circuit-ssr';

/** The block: JSON escaped so that no value can end the element (the same escaping as the page's JSON-LD). */
export function serverStateScript(state: ServerState): string {
  return `<script type="application/json" id="${SERVER_STATE_ID}">${scriptSafeJson(state)}</script>`;
}

/** The state the server embedded in this page, or null for a page the browser renders alone. */
export function readServerState(doc: Document): ServerState | null {
  const text = doc.getElementById(SERVER_STATE_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as ServerState;
  } catch {
    return null;
  }
}
