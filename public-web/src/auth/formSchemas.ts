import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import { z } from 'zod';
import { ForgotPasswordBody, LoginBody, LoginOtpBody, ResetPasswordBody, SignupBody, VerifyOtpBody } from '@circuit/shared/validation/accounts';

/**
 * The auth forms' rules: the server's own schemas (shared/src/validation/accounts.ts), so the form and the
 * server refuse the same input with the same words. Loaded on a form's first check (see lazyResolver).
 */

/** The spec requires the terms box but names no message for it; this one is ours. */
export const TERMS_REQUIRED_MESSAGE = 'You must agree to the Terms and Privacy Policy';

/** A second typing of the password, which the server never sees. */
const confirmation = { confirmPassword: z.string() };
function checkConfirmation({ password, confirmPassword }: { password: string; confirmPassword: string }, ctx: z.RefinementCtx) {
  if (!confirmPassword) ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'Please confirm your password' });
  else if (password !== confirmPassword) ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'Passwords do not match' });
}

export const LoginForm = LoginBody.extend({ remember: z.boolean() });
export const SignupForm = SignupBody.extend({ ...confirmation, agreeToTerms: z.boolean().refine(Boolean, TERMS_REQUIRED_MESSAGE) }).superRefine(checkConfirmation);
export const ResetPasswordForm = ResetPasswordBody.pick({ password: true }).extend(confirmation).superRefine(checkConfirmation);
/** Before a code is sent only the address is checked; once one is, the code too. */
export const OtpLoginForm = { send: LoginOtpBody.extend({ otp: z.string() }), verify: VerifyOtpBody };

export interface OtpLoginValues {
  email: string;
  otp: string;
}

const otpSend = zodResolver(OtpLoginForm.send);
const otpVerify = zodResolver(OtpLoginForm.verify);

export const resolvers = {
  login: zodResolver(LoginForm),
  signup: zodResolver(SignupForm),
  forgotPassword: zodResolver(ForgotPasswordBody),
  resetPassword: zodResolver(ResetPasswordForm),
  otpLogin: ((values, context, options) => (context?.codeSent ? otpVerify : otpSend)(values, context, options)) as Resolver<OtpLoginValues, { codeSent: boolean }>,
};

export type LoginValues = z.input<typeof LoginForm>;
export type SignupValues = z.input<typeof SignupForm>;
export type SignupRequest = z.output<typeof SignupForm>;
export type ResetPasswordValues = z.input<typeof ResetPasswordForm>;
