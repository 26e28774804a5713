/** Business constants of spec section 9. */
export const OTP_LENGTH = 6;
export const OTP_RESEND_COOLDOWN_SECONDS = 60;
export const MIN_PASSWORD_LENGTH = 6;
export const MIN_USERNAME_LENGTH = 3;
export const RESET_LINK_VALIDITY_MINUTES = 10;
/** Header counts are refetched once about 1 s after the sign-in state changes. */
export const HEADER_COUNTS_REFETCH_DELAY_MS = 1000;
