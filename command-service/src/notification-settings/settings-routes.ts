import { Router, type Request } from 'express';
import { z } from 'zod';
import { ok } from '@circuit/shared/http/envelope';
import { requireUserId } from '@circuit/shared/http/auth';
import { correlationIdOf } from '@circuit/shared/http/correlation';
import { NotificationSettingsChangeSchema } from '@circuit/shared/api/notification-settings';
import type { SettingsService } from './settings-service';

const Token = z.string().min(10, 'This unsubscribe link is not valid').max(1000, 'This unsubscribe link is not valid');

/** The user's switches (the GET is the projection service's) and one-click unsubscribe (settings-openapi.ts). */
export function settingsRoutes(settings: SettingsService): Router {
  const router = Router();
  const ctxOf = (req: Request, userId?: string) => ({ ...(userId ? { userId } : {}), correlationId: correlationIdOf(req) });

  router.put('/api/users/notification-settings', async (req, res) => {
    const userId = requireUserId(req);
    const body = NotificationSettingsChangeSchema.parse(req.body ?? {});
    res.json(ok(await settings.change(userId, body.settings, 'settings', ctxOf(req, userId)), 'Notification settings saved'));
  });

  // RFC 8058: the mail client posts here with no session; the token alone says what to turn off.
  // There is no GET: a link scanner's prefetch reaches the confirmation page, which changes nothing.
  router.post('/api/unsubscribe/:token', async (req, res) => {
    const token = Token.parse(String(req.params.token));
    const answer = await settings.unsubscribe(token, ctxOf(req));
    res.json(ok(answer, 'You will get no more of these e-mails'));
  });

  return router;
}
