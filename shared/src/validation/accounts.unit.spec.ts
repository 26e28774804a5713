import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  ChangePasswordBody,
  ForgotPasswordBody,
  LoginBody,
  LoginOtpBody,
  ResendOtpBody,
  ResetPasswordBody,
  SignupBody,
  VerifyEmailBody,
  VerifyOtpBody,
  emailField,
  otpField,
  usernameField,
} from './accounts';

/** The message the server answers with: the first issue (shared/src/http/errors.ts zodMessage). */
function firstMessage(schema: z.ZodType, input: unknown): string | undefined {
  const result = schema.safeParse(input);
  return result.success ? undefined : result.error.issues[0]?.message;
}

const validSignup = { username: 'asha_dev', email: 'asha@example.com', password: 'secret1', firstName: 'Asha', lastName: 'Rao' };
const without = <T extends object, K extends keyof T>(o: T, key: K): Omit<T, K> => {
  const copy = { ...o };
  delete copy[key];
  return copy;
};

describe('account validation (spec 1 section 5)', () => {
  describe('sign-up form', () => {
    it('accepts a complete sign-up', () => {
      expect(SignupBody.safeParse(validSignup).success).toBe(true);
    });

    it.each([
      ['missing', undefined, 'Username is required'],
      ['empty', '', 'Username is required'],
      ['blank', '   ', 'Username is required'],
      ['too short', 'ab', 'Username must be at least 3 characters'],
      ['with a dot', 'asha.dev', 'Username can only contain letters, numbers, and underscores'],
      ['with a space inside', 'asha dev', 'Username can only contain letters, numbers, and underscores'],
      ['with a hyphen', 'asha-dev', 'Username can only contain letters, numbers, and underscores'],
      ['with a non-Latin letter', 'ašha', 'Username can only contain letters, numbers, and underscores'],
    ])('username %s: %s', (_label, username, message) => {
      expect(firstMessage(SignupBody, { ...validSignup, username })).toBe(message);
    });

    it('accepts usernames of letters, digits and underscores from 3 characters, trimmed', () => {
      for (const ok of ['abc', 'A_1', 'Asha_Dev_2025', '___']) expect(usernameField.safeParse(ok).success, ok).toBe(true);
      expect(usernameField.parse('  asha_dev  ')).toBe('asha_dev');
    });

    it.each([
      ['missing', undefined, 'Email is required'],
      ['empty', '', 'Email is required'],
      ['blank', '  ', 'Email is required'],
      ['without @', 'asha.example.com', 'Please enter a valid email address'],
      ['without domain', 'asha@', 'Please enter a valid email address'],
      ['without a dot in the domain', 'asha@example', 'Please enter a valid email address'],
      ['with spaces inside', 'asha rao@example.com', 'Please enter a valid email address'],
    ])('email %s: %s', (_label, email, message) => {
      expect(firstMessage(SignupBody, { ...validSignup, email })).toBe(message);
    });

    it('accepts an address-shaped e-mail and trims it', () => {
      expect(emailField.parse('  Asha.Rao+dev@Example.co.in ')).toBe('Asha.Rao+dev@Example.co.in');
    });

    it.each([
      ['missing', undefined, 'Password is required'],
      ['empty', '', 'Password is required'],
      ['5 characters', '12345', 'Password must be at least 6 characters'],
    ])('password %s: %s', (_label, password, message) => {
      expect(firstMessage(SignupBody, { ...validSignup, password })).toBe(message);
    });

    it('accepts a password of exactly 6 characters', () => {
      expect(SignupBody.safeParse({ ...validSignup, password: '123456' }).success).toBe(true);
    });

    it.each([
      ['firstName', 'First name is required'],
      ['lastName', 'Last name is required'],
    ] as const)('%s required: %s', (field, message) => {
      expect(firstMessage(SignupBody, without(validSignup, field))).toBe(message);
      expect(firstMessage(SignupBody, { ...validSignup, [field]: '' })).toBe(message);
      expect(firstMessage(SignupBody, { ...validSignup, [field]: '   ' })).toBe(message);
    });

    it('refuses a body that is not an object of strings', () => {
      expect(firstMessage(SignupBody, { ...validSignup, username: 12345 })).toBe('Username is required');
      expect(SignupBody.safeParse(null).success).toBe(false);
    });
  });

  describe('sign-in', () => {
    it('password mode: identifier and password required', () => {
      expect(firstMessage(LoginBody, { password: 'secret1' })).toBe('Email or username is required');
      expect(firstMessage(LoginBody, { identifier: '  ', password: 'secret1' })).toBe('Email or username is required');
      expect(firstMessage(LoginBody, { identifier: 'asha_dev' })).toBe('Password is required');
      expect(firstMessage(LoginBody, { identifier: 'asha_dev', password: '' })).toBe('Password is required');
      expect(LoginBody.safeParse({ identifier: 'asha_dev', password: 'x' }).success).toBe(true);
    });

    it('OTP mode: the e-mail is required and address-shaped', () => {
      expect(firstMessage(LoginOtpBody, {})).toBe('Email is required');
      expect(firstMessage(LoginOtpBody, { email: 'nope' })).toBe('Please enter a valid email address');
      expect(firstMessage(VerifyOtpBody, { otp: '123456' })).toBe('Email is required');
    });
  });

  describe('OTP', () => {
    it.each([
      ['missing', undefined, 'OTP is required'],
      ['empty', '', 'OTP is required'],
      ['5 digits', '12345', 'OTP must be 6 digits'],
      ['7 digits', '1234567', 'OTP must be 6 digits'],
      ['6 letters', 'abcdef', 'OTP must contain only numbers'],
      ['6 characters with a letter', '12345a', 'OTP must contain only numbers'],
    ])('%s: %s', (_label, otp, message) => {
      expect(firstMessage(VerifyEmailBody, { otp })).toBe(message);
      expect(firstMessage(VerifyOtpBody, { email: 'asha@example.com', otp })).toBe(message);
    });

    it('accepts 6 digits, leading zeros included', () => {
      expect(otpField.parse('012345')).toBe('012345');
      expect(VerifyEmailBody.safeParse({ otp: '000000' }).success).toBe(true);
      expect(VerifyEmailBody.safeParse({ email: 'asha@example.com', otp: '123456' }).success).toBe(true);
    });

    it('verify-email: the e-mail is optional but must be address-shaped when given', () => {
      expect(firstMessage(VerifyEmailBody, { email: 'nope', otp: '123456' })).toBe('Please enter a valid email address');
    });

    it('resend-otp: e-mail required, type "email" when given', () => {
      expect(firstMessage(ResendOtpBody, {})).toBe('Email is required');
      expect(ResendOtpBody.safeParse({ email: 'asha@example.com', type: 'email' }).success).toBe(true);
      expect(ResendOtpBody.safeParse({ email: 'asha@example.com' }).success).toBe(true);
      expect(ResendOtpBody.safeParse({ email: 'asha@example.com', type: 'sms' }).success).toBe(false);
    });
  });

  describe('forgot password', () => {
    it('e-mail required and address-shaped (same messages as sign-up)', () => {
      expect(firstMessage(ForgotPasswordBody, {})).toBe('Email is required');
      expect(firstMessage(ForgotPasswordBody, { email: '' })).toBe('Email is required');
      expect(firstMessage(ForgotPasswordBody, { email: 'asha@' })).toBe('Please enter a valid email address');
      expect(ForgotPasswordBody.safeParse({ email: 'asha@example.com' }).success).toBe(true);
    });
  });

  describe('reset password', () => {
    it('a missing token is an invalid link', () => {
      expect(firstMessage(ResetPasswordBody, { password: 'secret1' })).toBe('Invalid reset link. Please request a new password reset.');
      expect(firstMessage(ResetPasswordBody, { token: '', password: 'secret1' })).toBe('Invalid reset link. Please request a new password reset.');
    });

    it('password required and at least 6 characters', () => {
      expect(firstMessage(ResetPasswordBody, { token: 't' })).toBe('Password is required');
      expect(firstMessage(ResetPasswordBody, { token: 't', password: '' })).toBe('Password is required');
      expect(firstMessage(ResetPasswordBody, { token: 't', password: 'abc' })).toBe('Password must be at least 6 characters');
      expect(ResetPasswordBody.safeParse({ token: 't', password: 'secret1' }).success).toBe(true);
    });
  });

  describe('change password', () => {
    it('current password required', () => {
      expect(firstMessage(ChangePasswordBody, { newPassword: 'secret2' })).toBe('Current password is required');
      expect(firstMessage(ChangePasswordBody, { currentPassword: '', newPassword: 'secret2' })).toBe('Current password is required');
    });

    it('new password required and at least 6 characters', () => {
      expect(firstMessage(ChangePasswordBody, { currentPassword: 'secret1' })).toBe('New password is required');
      expect(firstMessage(ChangePasswordBody, { currentPassword: 'secret1', newPassword: '' })).toBe('New password is required');
      expect(firstMessage(ChangePasswordBody, { currentPassword: 'secret1', newPassword: '12345' })).toBe('Password must be at least 6 characters');
      expect(ChangePasswordBody.safeParse({ currentPassword: 'secret1', newPassword: '123456' }).success).toBe(true);
    });
  });
});
