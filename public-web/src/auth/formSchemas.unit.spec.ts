import type { ZodType } from 'zod';
import { describe, expect, it } from 'vitest';
import { LoginForm, OtpLoginForm, ResetPasswordForm, SignupForm, TERMS_REQUIRED_MESSAGE, type SignupValues } from './formSchemas';
import { validateSignupOtp } from './validation';

/** The message each field shows, as the form gets them from its resolver (the first per field). */
function messages(schema: ZodType, values: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of schema.safeParse(values).error?.issues ?? []) out[issue.path.join('.')] ??= issue.message;
  return out;
}

const valid: SignupValues = {
  username: 'ada_99',
  email: 'ada@example.com',
  password: 'secret1',
  confirmPassword: 'secret1',
  firstName: 'Ada',
  lastName: 'Lovelace',
  agreeToTerms: true,
};

describe('login rules (spec section 5)', () => {
  it('requires the identifier and the password', () => {
    expect(messages(LoginForm, { identifier: ' ', password: '', remember: false })).toEqual({
      identifier: 'Email or username is required',
      password: 'Password is required',
    });
    expect(messages(LoginForm, { identifier: 'ada', password: 'x', remember: true })).toEqual({});
  });

  it('asks only for the address until a code is sent, then for six digits', () => {
    expect(messages(OtpLoginForm.send, { email: '', otp: '' })).toEqual({ email: 'Email is required' });
    expect(messages(OtpLoginForm.send, { email: 'ada@example.com', otp: '' })).toEqual({});
    expect(messages(OtpLoginForm.verify, { email: 'ada@example.com', otp: '' })).toEqual({ otp: 'OTP is required' });
    expect(messages(OtpLoginForm.verify, { email: 'ada@example.com', otp: '12345' })).toEqual({ otp: 'OTP must be 6 digits' });
    expect(messages(OtpLoginForm.verify, { email: 'ada@example.com', otp: '12345a' })).toEqual({ otp: 'OTP must contain only numbers' });
    expect(messages(OtpLoginForm.verify, { email: 'ada@example.com', otp: '123456' })).toEqual({});
  });
});

describe('sign-up rules (spec section 5)', () => {
  it('accepts a complete form and sends the trimmed values', () => {
    expect(messages(SignupForm, valid)).toEqual({});
    expect(SignupForm.parse({ ...valid, username: ' ada_99 ', email: ' ada@example.com ' })).toMatchObject({ username: 'ada_99', email: 'ada@example.com' });
  });

  it('names every problem of an empty form at once', () => {
    expect(messages(SignupForm, { username: '', email: '', password: '', confirmPassword: '', firstName: '', lastName: '', agreeToTerms: false })).toEqual({
      username: 'Username is required',
      email: 'Email is required',
      password: 'Password is required',
      confirmPassword: 'Please confirm your password',
      firstName: 'First name is required',
      lastName: 'Last name is required',
      agreeToTerms: TERMS_REQUIRED_MESSAGE,
    });
  });

  it('checks the username length and characters as the server does', () => {
    expect(messages(SignupForm, { ...valid, username: 'ab' }).username).toBe('Username must be at least 3 characters');
    expect(messages(SignupForm, { ...valid, username: 'ada lovelace' }).username).toBe('Username can only contain letters, numbers, and underscores');
    expect(messages(SignupForm, { ...valid, username: 'a'.repeat(31) }).username).toBe('Username cannot exceed 30 characters');
  });

  it('checks e-mail shape, password length and confirmation', () => {
    expect(messages(SignupForm, { ...valid, email: 'ada@' }).email).toBe('Please enter a valid email address');
    expect(messages(ResetPasswordForm, { password: '12345', confirmPassword: '12345' })).toEqual({ password: 'Password must be at least 6 characters' });
    expect(messages(ResetPasswordForm, { password: 'secret1', confirmPassword: 'secret2' })).toEqual({ confirmPassword: 'Passwords do not match' });
    expect(messages(ResetPasswordForm, { password: 'secret1', confirmPassword: '' })).toEqual({ confirmPassword: 'Please confirm your password' });
  });

  it('wants six numeric characters for the e-mail code', () => {
    expect(validateSignupOtp('')).toBe('OTP is required');
    expect(validateSignupOtp('123')).toBe('OTP must be 6 digits');
    expect(validateSignupOtp('12345a')).toBe('OTP must contain only numbers');
    expect(validateSignupOtp('123456')).toBeUndefined();
  });
});
