import { useQueryClient } from '@tanstack/react-query';
import { createContext, startTransition, useCallback, useContext, useEffect, useMemo, useReducer, type ReactNode } from 'react';
import { isApiError, messageOf } from './apiClient';
import { authApi } from './authApi';
import { refreshServerAnswers } from '../app/queryClient';
import { broadcastAuthState } from './authEvents';
import { userId, type User } from './types';

/**
 * The authentication state machine of spec section 4:
 *   loading (initial, while the current user is checked) -> authenticated (user set)
 *                                                        -> unauthenticated, error 'Authentication failed'
 * Sign-in moves to authenticated only after a follow-up fetch of the current user; sign-out always ends
 * unauthenticated, even when the server call fails.
 */
export type AuthState =
  | { status: 'loading'; user: null; error: null }
  | { status: 'authenticated'; user: User; error: null }
  | { status: 'unauthenticated'; user: null; error: string | null };

type AuthAction =
  | { type: 'signedIn'; user: User }
  | { type: 'userUpdated'; user: User }
  | { type: 'signedOut' }
  | { type: 'failed'; error: string };

function reducer(state: AuthState, action: AuthAction): AuthState {
  switch (action.type) {
    case 'signedIn':
      return { status: 'authenticated', user: action.user, error: null };
    case 'userUpdated':
      return state.status === 'authenticated' ? { ...state, user: action.user } : state;
    case 'signedOut':
      return { status: 'unauthenticated', user: null, error: null };
    case 'failed':
      // A failed sign-in attempt leaves a signed-in session alone (it cannot happen from the login screen,
      // which signed-in users never see); from loading or signed-out it ends unauthenticated with the error.
      return state.status === 'authenticated' ? state : { status: 'unauthenticated', user: null, error: action.error };
  }
}

/** An error whose message is the text to show, with the failed call kept as its cause. */
function failure(message: string, cause?: unknown) {
  return new Error(message, { cause });
}

export interface AuthContextValue {
  state: AuthState;
  user: User | null;
  isAuthenticated: boolean;
  isLoading: boolean;
  /** Password sign-in; rejects with the text to show ('Login failed', the server's message, ...). */
  login(identifier: string, password: string): Promise<User>;
  /** Sends the sign-in code; rejects with the server's message or 'Failed to send OTP'. */
  sendLoginOtp(email: string): Promise<void>;
  /** Code sign-in; rejects with 'OTP verification failed', 'OTP login failed: could not fetch user', ... */
  verifyLoginOtp(email: string, otp: string): Promise<User>;
  logout(): Promise<void>;
  /** Re-reads the current user; rejects with 'Failed to refresh user data'. */
  refreshUser(): Promise<User | null>;
  /** Replaces the user after a profile update; rejects when the id changed. */
  updateUser(user: User): void;
}

const AuthContext = createContext<AuthContextValue | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const [state, dispatch] = useReducer(reducer, { status: 'loading', user: null, error: null });
  const queryClient = useQueryClient();

  // Initial check of the current user. A 401 is the ordinary signed-out answer and is ignored silently.
  // Its answer re-renders every screen that reads the session: as a transition, React renders that in slices
  // that yield to the browser instead of one long task on a phone's first second.
  useEffect(() => {
    const controller = new AbortController();
    authApi
      .session(controller.signal)
      .then((user) => {
        if (user) refreshServerAnswers(queryClient);
        startTransition(() => dispatch(user ? { type: 'signedIn', user } : { type: 'failed', error: 'Authentication failed' }));
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        startTransition(() => dispatch({ type: 'failed', error: 'Authentication failed' }));
        if (!isApiError(error) || error.status !== 401) console.warn('Current-user check failed', error);
      });
    return () => controller.abort();
  }, []);

  // Broadcast every settled change of who is signed in (a profile edit of the same user is no such change).
  const currentId = state.user ? userId(state.user) : null;
  useEffect(() => {
    if (state.status === 'loading') return;
    broadcastAuthState({ authenticated: state.status === 'authenticated', user: state.user });
  }, [state.status, currentId]);

  const fetchUserAfterSignIn = useCallback(async (errorText: string) => {
    let user: User | null;
    try {
      user = await authApi.me();
    } catch (error) {
      dispatch({ type: 'failed', error: errorText });
      throw failure(errorText, error);
    }
    if (!user) {
      dispatch({ type: 'failed', error: errorText });
      throw failure(errorText);
    }
    dispatch({ type: 'signedIn', user });
    // Whatever was read signed out (saved flags, counts) is read again for this user.
    void queryClient.invalidateQueries();
    return user;
  }, [queryClient]);

  const login = useCallback(
    async (identifier: string, password: string) => {
      try {
        await authApi.login(identifier.trim(), password);
      } catch (error) {
        const text = messageOf(error, 'Login failed');
        dispatch({ type: 'failed', error: text });
        throw failure(text, error);
      }
      return fetchUserAfterSignIn('Login failed: could not fetch user');
    },
    [fetchUserAfterSignIn],
  );

  const sendLoginOtp = useCallback(async (email: string) => {
    try {
      await authApi.sendLoginOtp(email.trim());
    } catch (error) {
      throw failure(messageOf(error, 'Failed to send OTP'), error);
    }
  }, []);

  const verifyLoginOtp = useCallback(
    async (email: string, otp: string) => {
      try {
        await authApi.verifyLoginOtp(email.trim(), otp.trim());
      } catch (error) {
        // An answer without a message means the code was refused; no answer at all means we never got one.
        const text = messageOf(error, isApiError(error) && error.status > 0 ? 'OTP verification failed' : 'OTP authentication failed');
        dispatch({ type: 'failed', error: text });
        throw failure(text, error);
      }
      return fetchUserAfterSignIn('OTP login failed: could not fetch user');
    },
    [fetchUserAfterSignIn],
  );

  const logout = useCallback(async () => {
    try {
      await authApi.logout();
    } catch (error) {
      console.warn('Logout call failed; signing out locally', error);
    } finally {
      dispatch({ type: 'signedOut' });
      // Nothing cached for the previous user may leak into the next session.
      queryClient.clear();
    }
  }, [queryClient]);

  const refreshUser = useCallback(async () => {
    try {
      const user = await authApi.me();
      dispatch(user ? { type: 'signedIn', user } : { type: 'signedOut' });
      return user;
    } catch (error) {
      if (isApiError(error) && error.status === 401) {
        dispatch({ type: 'signedOut' });
        return null;
      }
      throw failure('Failed to refresh user data', error);
    }
  }, []);

  const current = state.user;
  const updateUser = useCallback(
    (user: User) => {
      if (current && userId(current) !== userId(user)) throw failure('User ID mismatch after profile update');
      dispatch({ type: 'userUpdated', user });
    },
    [current],
  );

  const value = useMemo<AuthContextValue>(
    () => ({
      state,
      user: state.user,
      isAuthenticated: state.status === 'authenticated',
      isLoading: state.status === 'loading',
      login,
      sendLoginOtp,
      verifyLoginOtp,
      logout,
      refreshUser,
      updateUser,
    }),
    [state, login, sendLoginOtp, verifyLoginOtp, logout, refreshUser, updateUser],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}

/** The failed call behind an error thrown by the auth functions (for its HTTP status or data). */
export function causeOf(error: unknown): unknown {
  return error instanceof Error ? error.cause : undefined;
}
