import { Router } from 'express';
import type { Knex } from 'knex';
import { z } from 'zod';
import { requireUserId } from '@circuit/shared/http/auth';
import { ok } from '@circuit/shared/http/envelope';
import { settingsFrom } from '@circuit/shared/api/notification-settings';
import { SETTINGS_OFF_TABLE } from './settings-projection';

const Token = z.string().regex(/^[\w-]+\.[\w-]+$/);

/**
 * `GET /api/users/notification-settings`, and the GET of a one-click unsubscribe address, which
 * changes nothing (mail scanners fetch links): it sends a person who opened it to the page that
 * asks before unsubscribing.
 */
export function settingsQueryRoutes(knex: Knex): Router {
  const router = Router();
  router.get('/api/users/notification-settings', async (req, res) => {
    const userId = requireUserId(req);
    const rows = (await knex(SETTINGS_OFF_TABLE).where({ user_id: userId }).select('setting_key')) as { setting_key: string }[];
    res.json(ok({ settings: settingsFrom(new Set(rows.map((r) => r.setting_key))) }));
  });
  router.get('/api/unsubscribe/:token', (req, res) => {
    const token = Token.safeParse(req.params.token);
    res.redirect(302, token.success ? `/unsubscribe/${token.data}` : '/unsubscribe/invalid');
  });
  return router;
}
