import type { User } from './types';

/** Broadcast on window whenever the authentication state changes (spec section 4). */
export const AUTH_STATE_CHANGED = 'auth-state-changed';

export interface AuthStateChangedDetail {
  authenticated: boolean;
  user: User | null;
}

export function broadcastAuthState(detail: AuthStateChangedDetail) {
  window.dispatchEvent(new CustomEvent<AuthStateChangedDetail>(AUTH_STATE_CHANGED, { detail }));
}

/** Subscribes to auth changes; returns the unsubscribe function. */
export function onAuthStateChanged(listener: (detail: AuthStateChangedDetail) => void): () => void {
  const handler = (event: Event) => listener((event as CustomEvent<AuthStateChangedDetail>).detail);
  window.addEventListener(AUTH_STATE_CHANGED, handler);
  return () => window.removeEventListener(AUTH_STATE_CHANGED, handler);
}
