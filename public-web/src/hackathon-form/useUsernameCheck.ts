import { useEffect, useState } from 'react';
import type { UsernameCheck } from '@circuit/shared/api/hackathons';
import { HACKATHON_LIMITS } from '@circuit/shared/hackathons/options';
import { api, isApiError } from '../auth/apiClient';

export interface UsernameState {
  status: 'idle' | 'checking' | 'available' | 'unavailable';
  message?: string;
}

/** The slug check of spec 2 section 4: after a 500 ms pause, only from 3 characters. */
/** `base`: the listing's API (events check their own usernames). */
export function useUsernameCheck(username: string, enabled: boolean, base = '/api/hackathons'): UsernameState {
  const [state, setState] = useState<UsernameState>({ status: 'idle' });
  useEffect(() => {
    if (!enabled || username.trim().length < HACKATHON_LIMITS.usernameMin) {
      setState({ status: 'idle' });
      return;
    }
    setState({ status: 'checking' });
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      try {
        const res = await api.get<UsernameCheck>(`${base}/check-username/${encodeURIComponent(username.trim())}`, controller.signal);
        setState({ status: res.data!.available ? 'available' : 'unavailable', message: res.data!.message });
      } catch (error) {
        if (controller.signal.aborted) return;
        const message = isApiError(error) && error.status === 404 ? 'Backend server not found. Please check if the server is running.' : 'Error checking username availability';
        setState({ status: 'unavailable', message });
      }
    }, HACKATHON_LIMITS.usernameCheckDebounceMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [username, enabled, base]);
  return state;
}

/** What stops a submit while the check has not said yes (still checking, or taken), in the listing's own words. */
export function usernameProblem(state: UsernameState, messages: { usernamePending: string; usernameTaken: string }): string | null {
  if (state.status === 'checking') return messages.usernamePending;
  if (state.status === 'unavailable') return state.message ?? messages.usernameTaken;
  return null;
}
