import { describe, expect, it } from 'vitest';
import {
  TERMS_REQUIRED_MESSAGE,
  validateConfirmation,
  validateEmail,
  validateLogin,
  validateLoginOtp,
  validateNewPassword,
  validateSignup,
  validateSignupOtp,
  type SignupValues,
} from './validation';

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
    expect(validateLogin({ identifier: ' ', password: '' })).toEqual({
      identifier: 'Email or username is required',
      password: 'Password is required',
    });
    expect(validateLogin({ identifier: 'ada', password: 'x' })).toEqual({ identifier: undefined, password: undefined });
  });

  it('wants exactly six digits for the sign-in code', () => {
    expect(validateLoginOtp('')).toBe('OTP is required');
    expect(validateLoginOtp('12345')).toBe('OTP must be 6 digits');
    expect(validateLoginOtp('12345a')).toBe('OTP must be 6 digits');
    expect(validateLoginOtp('123456')).toBeUndefined();
  });
});

describe('sign-up rules (spec section 5)', () => {
  it('accepts a complete form', () => {
    expect(Object.values(validateSignup(valid)).filter(Boolean)).toEqual([]);
  });

  it('names every problem of an empty form', () => {
    expect(
      validateSignup({ username: '', email: '', password: '', confirmPassword: '', firstName: '', lastName: '', agreeToTerms: false }),
    ).toEqual({
      username: 'Username is required',
      email: 'Email is required',
      password: 'Password is required',
      confirmPassword: 'Please confirm your password',
      firstName: 'First name is required',
      lastName: 'Last name is required',
      agreeToTerms: TERMS_REQUIRED_MESSAGE,
    });
  });

  it('checks the username length and characters', () => {
    expect(validateSignup({ ...valid, username: 'ab' }).username).toBe('Username must be at least 3 characters');
    expect(validateSignup({ ...valid, username: 'ada lovelace' }).username).toBe(
      'Username can only contain letters, numbers, and underscores',
    );
  });

  it('checks e-mail shape, password length and confirmation', () => {
    expect(validateEmail('ada@')).toBe('Please enter a valid email address');
    expect(validateNewPassword('12345')).toBe('Password must be at least 6 characters');
    expect(validateConfirmation('secret1', 'secret2')).toBe('Passwords do not match');
  });

  it('wants six numeric characters for the e-mail code', () => {
    expect(validateSignupOtp('')).toBe('OTP is required');
    expect(validateSignupOtp('123')).toBe('OTP must be 6 digits');
    expect(validateSignupOtp('12345a')).toBe('OTP must contain only numbers');
    expect(validateSignupOtp('123456')).toBeUndefined();
  });
});
