import { z } from 'zod';
import type { MasterKey } from '../personal-data/master-key';

/**
 * Account events: the user stream `user-<id>` and the reservation streams `username-<name>`, `email-<index>`,
 * `oauth-<index>`, where an index is the blind index of the address or of `<provider>-<id>` (docs/personal-data.md):
 * a stream id is never erased, so it holds nothing personal.
 */

/** auditor: read-only audit views of registration and payment history (issue 15). */
export const ROLES = ['user', 'moderator', 'auditor', 'admin'] as const;
export const RoleSchema = z.enum(ROLES);
export type Role = z.infer<typeof RoleSchema>;

/** What a mailed code is for: `erase_account` confirms "Delete my account" for an account without a password. */
export const OtpPurposeSchema = z.enum(['verify_email', 'login', 'erase_account']);
export type OtpPurpose = z.infer<typeof OtpPurposeSchema>;

export const SignInMethodSchema = z.enum(['password', 'otp', 'google', 'github']);
export type SignInMethod = z.infer<typeof SignInMethodSchema>;

export const OAuthProviderSchema = z.enum(['google', 'github']);
export type OAuthProvider = z.infer<typeof OAuthProviderSchema>;

export const AccountEventSchemas = {
  NameReserved: z.object({ kind: z.enum(['username', 'email', 'oauth']), value: z.string(), userId: z.string() }),
  NameReservationReleased: z.object({ kind: z.enum(['username', 'email', 'oauth']), value: z.string(), userId: z.string() }),
  UserRegistered: z.object({
    userId: z.string(),
    username: z.string(),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    /** null for accounts created through Google or GitHub until a password is set. */
    passwordHash: z.string().nullable(),
    role: RoleSchema,
    emailVerified: z.boolean(),
    registeredAt: z.string(),
  }),
  /** codeHash checks a code; sealedCode (AES-GCM) lets the mail process manager send it without storing it in clear. */
  OtpIssued: z.object({
    purpose: OtpPurposeSchema,
    codeHash: z.string(),
    sealedCode: z.string(),
    issuedAt: z.string(),
    expiresAt: z.string(),
  }),
  OtpAttemptFailed: z.object({ purpose: OtpPurposeSchema, at: z.string() }),
  OtpConsumed: z.object({ purpose: OtpPurposeSchema, at: z.string() }),
  EmailVerified: z.object({ at: z.string() }),
  UserSignedIn: z.object({ method: SignInMethodSchema, at: z.string() }),
  PasswordResetRequested: z.object({ tokenHash: z.string(), sealedToken: z.string(), requestedAt: z.string(), expiresAt: z.string() }),
  PasswordReset: z.object({ tokenHash: z.string(), passwordHash: z.string(), at: z.string() }),
  PasswordChanged: z.object({ passwordHash: z.string(), at: z.string() }),
  OAuthAccountLinked: z.object({ provider: OAuthProviderSchema, providerUserId: z.string(), at: z.string() }),
  /** An unverified sign-up given up for a new one (same browser, or its code long expired): the account is gone, its names free. */
  SignUpWithdrawn: z.object({ replacedBy: z.string(), at: z.string() }),
  /**
   * The person's data key was destroyed (docs/personal-data.md): from here on every reader sees what erasure leaves
   * of their personal fields. `requested` by the person; `unverified`: a sign-up never verified within 7 days.
   */
  AccountErased: z.object({
    reason: z.enum(['requested', 'unverified']),
    at: z.string(),
    /**
     * The reservation streams the account held (`username-<name>`, `email-<blind index>`, `oauth-<blind index>`): the
     * clean-up releases them when a crash came before the erasure did, once the values can no longer be read.
     */
    reservations: z.array(z.object({ kind: z.enum(['username', 'email', 'oauth']), stream: z.string() })).optional(),
  }),
} as const;

type Schemas = typeof AccountEventSchemas;
export type AccountEventType = keyof Schemas;
export type AccountEvent = { [K in AccountEventType]: { type: K; data: z.infer<Schemas[K]> } }[AccountEventType];
export type AccountEventOf<K extends AccountEventType> = Extract<AccountEvent, { type: K }>;

export const userStream = (userId: string) => `user-${userId}`;
export type ReservationKind = 'username' | 'email' | 'oauth';
const normalised = (value: string) => value.trim().toLowerCase();

/** A username's reservation stream: the handle is public, so it names its stream. */
export const reservationStream = (kind: 'username', value: string) => `${kind}-${normalised(value)}`;

/** Any reservation's stream; an e-mail address or a provider's account id is named by its blind index. */
export async function reservationStreamOf(kind: ReservationKind, value: string, index: Pick<MasterKey, 'blindIndex'>): Promise<string> {
  return kind === 'username' ? reservationStream(kind, value) : `${kind}-${await index.blindIndex(`reservation-${kind}`, normalised(value))}`;
}
