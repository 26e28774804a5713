import { z } from 'zod';
import { NotificationSettingKindSchema, type NotificationSettingKind } from '@circuit/shared/notifications/notification-settings';

const Payload = z.object({ e: z.string(), k: NotificationSettingKindSchema });

/**
 * What an unsubscribe link names (its readable half), to ask the right question; null when it
 * cannot be read. Only the server can tell whether the link is genuine.
 */
export function readableToken(token: string): { email: string; kind: NotificationSettingKind } | null {
  const [payload, mac] = token.split('.');
  if (!payload || !mac) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const json: unknown = JSON.parse(new TextDecoder().decode(Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))));
    const parsed = Payload.safeParse(json);
    return parsed.success ? { email: parsed.data.e, kind: parsed.data.k } : null;
  } catch {
    return null;
  }
}
