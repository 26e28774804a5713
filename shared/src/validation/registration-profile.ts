/**
 * The rules every registration form shares (events, quizzes, hackathons): the required-list message and the mobile
 * rule. One place so that the modals and the servers say the same words and accept the same numbers.
 */
export const RegistrationProfileMessages = {
  missingFields: (fields: readonly string[]) => `Please fill in all required fields: ${fields.join(', ')}`,
  mobile: 'Please enter a valid mobile number (at least 10 digits)',
} as const;

/** Digits only, at least ten of them (the modals strip everything else as it is typed). */
export function isValidMobile(mobile: string | null | undefined): boolean {
  return /^\d{10,}$/.test(mobile ?? '');
}
