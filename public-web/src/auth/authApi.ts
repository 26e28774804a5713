import { api } from './apiClient';
import type { LoginRequest, SignupAnswer, SignupRequest } from '@circuit/shared/api/auth';
import type { AuthProviders, User } from './types';

/** The authentication calls of spec section 7. Each throws ApiError on failure. */
export const authApi = {
  me: async (signal?: AbortSignal) => (await api.get<User>('/api/auth/me', signal)).data ?? null,
  /** The signed-in user or null: signed out is a 200 here, so a visitor's console stays free of errors. */
  session: async (signal?: AbortSignal) => (await api.get<User | null>('/api/auth/session', signal)).data ?? null,
  providers: async () => (await api.get<AuthProviders>('/api/auth/providers')).data ?? { google: false, github: false },
  login: (identifier: string, password: string) => api.post<User>('/api/auth/login', { identifier, password } satisfies LoginRequest),
  logout: () => api.post<unknown>('/api/auth/logout'),
  signup: (body: SignupRequest) =>
    api.post<SignupAnswer>('/api/auth/signup', body),
  verifyEmail: (email: string, otp: string) => api.post<unknown>('/api/auth/verify-email', { email, otp }),
  resendOtp: (email: string) => api.post<unknown>('/api/auth/resend-otp', { email, type: 'email' }),
  sendLoginOtp: (email: string) => api.post<unknown>('/api/auth/login-otp', { email }),
  verifyLoginOtp: (email: string, otp: string) => api.post<User>('/api/auth/verify-otp', { email, otp }),
  forgotPassword: (email: string) => api.post<unknown>('/api/auth/forgot-password', { email }),
  resetPassword: (token: string, password: string) => api.post<unknown>('/api/auth/reset-password', { token, password }),
};

/** Social sign-in starts with a full-page navigation to the server's OAuth start address. */
export const oauthStartUrl = (provider: 'google' | 'github', returnTo?: string | null) =>
  returnTo ? `/api/auth/${provider}?returnTo=${encodeURIComponent(returnTo)}` : `/api/auth/${provider}`;
