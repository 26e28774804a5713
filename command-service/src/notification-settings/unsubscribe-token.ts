import crypto from 'node:crypto';
import { z } from 'zod';
import { refused } from '@circuit/shared/commands/domain-errors';
import { NotificationSettingKindSchema, type NotificationSettingKind } from '@circuit/shared/notifications/notification-settings';

/**
 * The token of a one-click unsubscribe link (RFC 8058): `<payload>.<mac>`, the payload naming the
 * address and the kind of mail (base64url JSON, readable by the confirmation page), the mac an
 * HMAC-SHA256 of the payload under a key derived from the session secret for this use only, so a
 * token for one address or kind cannot be turned into one for another. It does not expire: the
 * link in an old mail still works, and all it can do is turn that one kind of mail off.
 */
export const UNSUBSCRIBE_LINK_INVALID = 'This unsubscribe link is not valid: it was changed or cut short. Open your notification settings to turn e-mails off.';

const Payload = z.strictObject({ e: z.string().min(3).max(254), k: NotificationSettingKindSchema });

const keyOf = (sessionSecret: string) => crypto.createHmac('sha256', sessionSecret).update('circuit:unsubscribe-token:v1').digest();
const macOf = (payload: string, sessionSecret: string) => crypto.createHmac('sha256', keyOf(sessionSecret)).update(payload).digest('base64url');

export function unsubscribeToken(email: string, kind: NotificationSettingKind, sessionSecret: string): string {
  const named = JSON.stringify({ e: email.trim().toLowerCase(), k: kind });
  const payload = Buffer.from(named).toString('base64url');
  return `${payload}.${macOf(payload, sessionSecret)}`;
}

/** The address and kind a token names; refused with UNSUBSCRIBE_LINK_INVALID when it was not made by us as it stands. */
export function readUnsubscribeToken(token: string, sessionSecret: string): { email: string; kind: NotificationSettingKind } {
  const [payload, mac, ...rest] = token.split('.');
  if (!payload || !mac || rest.length > 0) throw refused(UNSUBSCRIBE_LINK_INVALID);
  const expected = Buffer.from(macOf(payload, sessionSecret));
  const given = Buffer.from(mac);
  if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) throw refused(UNSUBSCRIBE_LINK_INVALID);
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    throw refused(UNSUBSCRIBE_LINK_INVALID);
  }
  const parsed = Payload.safeParse(decoded);
  if (!parsed.success) throw refused(UNSUBSCRIBE_LINK_INVALID);
  return { email: parsed.data.e, kind: parsed.data.k };
}

/** The header fields and footer link of a mail the user can turn off. */
export function unsubscribeParts(email: string, kind: NotificationSettingKind, options: { secret: string; publicUrl: string }) {
  const token = unsubscribeToken(email, kind, options.secret);
  return {
    headers: { 'List-Unsubscribe': `<${options.publicUrl}/api/unsubscribe/${token}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    pageUrl: `${options.publicUrl}/unsubscribe/${token}`,
  };
}
