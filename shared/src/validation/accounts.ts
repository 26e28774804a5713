import { z } from 'zod';

/** The field rules of spec 1 section 5, with its messages; the server enforces every one. */

const required = (message: string) => z.string({ error: message }).trim().min(1, message);

export const emailField = required('Email is required')
  .max(254, 'Please enter a valid email address')
  .pipe(z.email('Please enter a valid email address'));

export const usernameField = required('Username is required')
  .min(3, 'Username must be at least 3 characters')
  .max(30, 'Username cannot exceed 30 characters')
  .regex(/^[A-Za-z0-9_]+$/, 'Username can only contain letters, numbers, and underscores');

export const newPasswordField = (requiredMessage = 'Password is required') =>
  z
    .string({ error: requiredMessage })
    .min(1, requiredMessage)
    .min(6, 'Password must be at least 6 characters')
    .max(128, 'Password cannot exceed 128 characters');

export const otpField = z
  .string({ error: 'OTP is required' })
  .trim()
  .min(1, 'OTP is required')
  .length(6, 'OTP must be 6 digits')
  .regex(/^\d+$/, 'OTP must contain only numbers');

export const SignupBody = z.object({
  username: usernameField,
  email: emailField,
  password: newPasswordField(),
  firstName: required('First name is required').max(50, 'First name cannot exceed 50 characters'),
  lastName: required('Last name is required').max(50, 'Last name cannot exceed 50 characters'),
});

export const LoginBody = z.object({
  identifier: required('Email or username is required').max(254, 'Invalid credentials'),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(128, 'Invalid credentials'),
});

export const VerifyEmailBody = z.object({ email: emailField.optional(), otp: otpField });
export const ResendOtpBody = z.object({ email: emailField, type: z.literal('email').optional() });
export const LoginOtpBody = z.object({ email: emailField });
export const VerifyOtpBody = z.object({ email: emailField, otp: otpField });
export const ForgotPasswordBody = z.object({ email: emailField });
export const ResetPasswordBody = z.object({
  token: z.string({ error: 'Invalid reset link. Please request a new password reset.' }).min(1, 'Invalid reset link. Please request a new password reset.').max(512),
  password: newPasswordField(),
});
export const ChangePasswordBody = z.object({
  currentPassword: z.string({ error: 'Current password is required' }).min(1, 'Current password is required').max(128),
  newPassword: newPasswordField('New password is required'),
});

/** "Delete my account", confirmed by the password or by the code mailed for it (accounts without a password). */
export const DeleteAccountBody = z
  .object({
    password: z.string().min(1, 'Password is required').max(128, 'Password is incorrect').optional(),
    code: otpField.optional(),
  })
  .refine((body) => (body.password === undefined) !== (body.code === undefined), { message: 'Enter your password or the code we sent you' });
