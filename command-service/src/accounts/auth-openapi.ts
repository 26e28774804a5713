import { z } from 'zod';
import { header, type ApiRegistration } from '@circuit/shared/http/openapi/contract';
import { AuthProvidersSchema, SignupAnswerSchema } from '@circuit/shared/api/auth';
import { OwnUserSchema } from '@circuit/shared/api/users';
import {
  ChangePasswordBody,
  DeleteAccountBody,
  ForgotPasswordBody,
  LoginBody,
  LoginOtpBody,
  ResendOtpBody,
  ResetPasswordBody,
  SignupBody,
  VerifyEmailBody,
  VerifyOtpBody,
} from '@circuit/shared/validation/accounts';

const tag = 'Authentication';
const NoData = z.null();
const SESSION_SET = {
  'Set-Cookie': header(
    'A new session cookie `circuit.sid` (a fresh id at every sign-in), and the device cookie `circuit.device` (a year, path /api/auth): from this browser, later password sign-ins to the account wait only on its own failures, not on guesses made elsewhere',
  ),
};

/** /api/auth/*: sign-up, codes, sign-in (password, code, Google, GitHub), passwords (auth-routes.ts, oauth-routes.ts). */
export const authOpenApi: ApiRegistration = (api) => {
  api.route({
    method: 'post',
    path: '/api/auth/signup',
    tag,
    summary: 'Create an account and mail a verification code',
    body: SignupBody,
    rateLimited: true,
    ok: { status: 201, data: SignupAnswerSchema, message: 'Account created! Please check your email for OTP.' },
    errors: { 400: 'A field breaks its rule (the message names it)', 409: 'Username or e-mail address already taken' },
  });
  api.route({
    method: 'post',
    path: '/api/auth/verify-email',
    tag,
    summary: 'Verify the e-mail address with the mailed code',
    description: 'Without `email`, the account this browser just signed up is meant.',
    body: VerifyEmailBody,
    rateLimited: true,
    ok: { data: NoData, message: 'Email verified successfully!' },
    errors: {
      400: 'Wrong, expired or used code, or already verified',
      401: 'No e-mail given and no sign-up in this session',
      404: 'No account with this e-mail address',
    },
  });
  api.route({
    method: 'post',
    path: '/api/auth/resend-otp',
    tag,
    summary: 'Mail a new verification code',
    body: ResendOtpBody,
    rateLimited: true,
    ok: { data: NoData, message: 'OTP resent successfully!' },
    errors: { 400: 'Invalid e-mail address, or already verified', 404: 'No account with this e-mail address' },
  });
  api.route({
    method: 'post',
    path: '/api/auth/resend-verification',
    tag,
    summary: "Mail a new verification code to this session's account",
    rateLimited: true,
    ok: { data: NoData, message: 'Verification code sent to your email' },
    errors: { 400: 'Already verified', 401: 'Neither signed in nor signed up in this session' },
  });
  api.route({
    method: 'post',
    path: '/api/auth/login',
    tag,
    summary: 'Sign in with username or e-mail and password',
    body: LoginBody,
    rateLimited: true,
    ok: { data: OwnUserSchema, message: 'Login successful', headers: SESSION_SET },
    errors: {
      400: 'A field is missing',
      401: 'Invalid credentials',
      403: 'E-mail address not verified yet (`data.email` says which), or the account is suspended',
      429: 'Too many failed sign-ins of this name from this address, or from everywhere for a browser that never signed in to the account (a browser that did waits only on its own failures; a mailed code waits on none)',
    },
  });
  api.route({
    method: 'post',
    path: '/api/auth/login-otp',
    tag,
    summary: 'Mail a sign-in code',
    body: LoginOtpBody,
    rateLimited: true,
    ok: { data: NoData, message: 'OTP sent to your email!' },
    errors: { 400: 'Invalid e-mail address' },
  });
  api.route({
    method: 'post',
    path: '/api/auth/verify-otp',
    tag,
    summary: 'Sign in with the mailed code',
    body: VerifyOtpBody,
    rateLimited: true,
    ok: { data: OwnUserSchema, message: 'Login successful', headers: SESSION_SET },
    errors: { 400: 'Wrong, expired or used code', 403: 'E-mail address not verified yet, or the account is suspended', 404: 'No account with this e-mail address' },
  });
  api.route({
    method: 'post',
    path: '/api/auth/logout',
    tag,
    summary: 'End the session (signed in or not)',
    command: false,
    ok: { data: NoData, message: 'Logged out' },
  });
  api.route({
    method: 'get',
    path: '/api/auth/me',
    tag,
    summary: 'The signed-in user, with e-mail and mobile',
    auth: 'session',
    ok: { data: OwnUserSchema },
  });
  api.route({
    method: 'get',
    path: '/api/auth/session',
    tag,
    summary: 'The signed-in user, or null when signed out',
    description: "The web app's first question on every page: being signed out is an ordinary answer, not a 401.",
    auth: 'optional',
    ok: { data: z.union([OwnUserSchema, z.null()]), message: true },
  });
  api.route({
    method: 'post',
    path: '/api/auth/forgot-password',
    tag,
    summary: 'Mail a password reset link',
    body: ForgotPasswordBody,
    rateLimited: true,
    ok: { data: NoData, message: 'Password reset email sent successfully!' },
    errors: { 400: 'Invalid e-mail address', 404: 'No account with this e-mail address' },
  });
  api.route({
    method: 'post',
    path: '/api/auth/reset-password',
    tag,
    summary: "Set a new password with the mailed link's token; ends every session of the account",
    body: ResetPasswordBody,
    rateLimited: true,
    ok: { data: NoData, message: 'Password reset successfully!' },
    errors: { 400: 'Invalid, used or expired link, or a password that breaks its rule' },
  });
  api.route({
    method: 'post',
    path: '/api/auth/change-password',
    tag,
    summary: "Change the signed-in user's password; ends their other sessions",
    auth: 'session',
    body: ChangePasswordBody,
    rateLimited: true,
    ok: { data: NoData, message: 'Password changed successfully!' },
    errors: { 400: 'Wrong current password, or a new password that breaks its rule' },
  });
  api.route({
    method: 'post',
    path: '/api/auth/delete-account/code',
    tag,
    summary: 'Mail the signed-in user a code that confirms deleting their account (for accounts without a password)',
    auth: 'session',
    rateLimited: true,
    ok: { data: NoData, message: 'We sent a code to your email. It expires in 10 minutes.' },
    errors: { 429: 'A code was sent less than a minute ago' },
  });
  api.route({
    method: 'post',
    path: '/api/auth/delete-account',
    tag,
    summary:
      "Delete the signed-in user's account (docs/personal-data.md): their data key is destroyed, AccountErased recorded, their names freed and every session ended; this one's cookie is cleared",
    auth: 'session',
    body: DeleteAccountBody,
    rateLimited: true,
    ok: { data: NoData, message: 'Your account has been deleted.' },
    errors: { 400: 'Wrong password or code, or neither given (nothing changes)', 429: 'Too many wrong codes' },
  });
  api.route({
    method: 'get',
    path: '/api/auth/providers',
    tag,
    summary: 'Which social sign-ins are configured',
    ok: { data: AuthProvidersSchema },
  });
  for (const provider of ['google', 'github'] as const) {
    const name = provider === 'google' ? 'Google' : 'GitHub';
    api.route({
      method: 'get',
      path: `/api/auth/${provider}`,
      tag,
      summary: `Start signing in with ${name}`,
      query: z.object({ returnTo: z.string().optional().meta({ description: 'A same-site path to come back to after signing in (else /dashboard)' }) }),
      ok: {
        status: 302,
        description: `To ${name}'s consent page; to /login?error=${provider}_auth_failed when ${name} sign-in is not configured`,
        headers: { Location: header('Where to go', { required: true }) },
      },
    });
    api.route({
      method: 'get',
      path: `/api/auth/${provider}/callback`,
      tag,
      summary: `${name} returns here; the account is found, linked by verified e-mail, or created`,
      ok: {
        status: 302,
        description: `Signed in: to the returnTo page given at the start (else /dashboard), with auth=success&provider=${provider}; otherwise to /login?error=${provider}_auth_failed`,
        headers: { Location: header('Where to go', { required: true }), ...SESSION_SET },
      },
    });
  }
};
