import type { FieldErrors } from '../ui/forms';
import { MIN_PASSWORD_LENGTH, MIN_USERNAME_LENGTH, OTP_LENGTH } from './constants';

/** Validation rules and messages of spec section 5, word for word. */

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const USERNAME_SHAPE = /^[A-Za-z0-9_]+$/;
const SIX_DIGITS = new RegExp(`^\\d{${OTP_LENGTH}}$`);

export function validateEmail(email: string): string | undefined {
  const value = email.trim();
  if (!value) return 'Email is required';
  if (!EMAIL_SHAPE.test(value)) return 'Please enter a valid email address';
  return undefined;
}

export function validateNewPassword(password: string): string | undefined {
  if (!password) return 'Password is required';
  if (password.length < MIN_PASSWORD_LENGTH) return 'Password must be at least 6 characters';
  return undefined;
}

export function validateConfirmation(password: string, confirmation: string): string | undefined {
  if (!confirmation) return 'Please confirm your password';
  if (password !== confirmation) return 'Passwords do not match';
  return undefined;
}

/** Login OTP: required and exactly 6 digits. */
export function validateLoginOtp(otp: string): string | undefined {
  const value = otp.trim();
  if (!value) return 'OTP is required';
  if (!SIX_DIGITS.test(value)) return 'OTP must be 6 digits';
  return undefined;
}

/** Sign-up OTP: required, exactly 6 characters, digits only. */
export function validateSignupOtp(otp: string): string | undefined {
  const value = otp.trim();
  if (!value) return 'OTP is required';
  if (value.length !== OTP_LENGTH) return 'OTP must be 6 digits';
  if (!/^\d+$/.test(value)) return 'OTP must contain only numbers';
  return undefined;
}

export type LoginField = 'identifier' | 'password';

export function validateLogin(values: { identifier: string; password: string }): FieldErrors<LoginField> {
  return {
    identifier: values.identifier.trim() ? undefined : 'Email or username is required',
    password: values.password ? undefined : 'Password is required',
  };
}

export interface SignupValues {
  username: string;
  email: string;
  password: string;
  confirmPassword: string;
  firstName: string;
  lastName: string;
  agreeToTerms: boolean;
}

export type SignupField = keyof SignupValues;

/** The spec requires the terms box but names no message for it; this one is ours. */
export const TERMS_REQUIRED_MESSAGE = 'You must agree to the Terms and Privacy Policy';

export function validateSignup(values: SignupValues): FieldErrors<SignupField> {
  const username = values.username.trim();
  let usernameError: string | undefined;
  if (!username) usernameError = 'Username is required';
  else if (username.length < MIN_USERNAME_LENGTH) usernameError = 'Username must be at least 3 characters';
  else if (!USERNAME_SHAPE.test(username)) usernameError = 'Username can only contain letters, numbers, and underscores';

  return {
    username: usernameError,
    email: validateEmail(values.email),
    password: validateNewPassword(values.password),
    confirmPassword: validateConfirmation(values.password, values.confirmPassword),
    firstName: values.firstName.trim() ? undefined : 'First name is required',
    lastName: values.lastName.trim() ? undefined : 'Last name is required',
    agreeToTerms: values.agreeToTerms ? undefined : TERMS_REQUIRED_MESSAGE,
  };
}
