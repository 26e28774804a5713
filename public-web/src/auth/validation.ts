import { OTP_LENGTH } from './constants';

/** Sign-up OTP: required, exactly 6 characters, digits only (spec section 5, word for word). */
export function validateSignupOtp(otp: string): string | undefined {
  const value = otp.trim();
  if (!value) return 'OTP is required';
  if (value.length !== OTP_LENGTH) return 'OTP must be 6 digits';
  if (!/^\d+$/.test(value)) return 'OTP must contain only numbers';
  return undefined;
}
