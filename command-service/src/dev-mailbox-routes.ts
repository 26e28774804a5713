import { Router } from 'express';
import { z } from 'zod';
import type { Mailbox } from '@circuit/shared/ports/mailer';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const Query = z.object({ to: z.string().max(254).optional() });

/** GET /dev/mailbox: JSON for programs, a page for browsers. Never mounted in production. */
export function devMailboxRoutes(mailbox: Mailbox): Router {
  const router = Router();
  router.get('/mailbox', async (req, res) => {
    const query = Query.safeParse(req.query);
    if (!query.success) {
      res.status(400).json({ success: false, message: 'Invalid filter' });
      return;
    }
    const mails = await mailbox.list({ to: query.data.to });
    if (req.accepts(['json', 'html']) === 'html') {
      const items = mails
        .map(
          (m) => `<article><header><strong>${escape(m.subject)}</strong><br><small>to ${escape(m.to)} · ${escape(m.sentAt)}</small></header>
<pre>${escape(m.text)}</pre>${Object.entries(m.headers).map(([name, value]) => `<small>${escape(name)}: ${escape(value)}</small><br>`).join('')}</article>`,
        )
        .join('');
      res.type('html').send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Dev mailbox · Circuit</title><style>body{font-family:system-ui,sans-serif;max-width:760px;margin:24px auto;padding:0 16px;background:#f6f7fb;color:#111827}
article{background:#fff;border-radius:10px;padding:16px;margin:12px 0;box-shadow:0 1px 3px #0001}pre{white-space:pre-wrap;font-family:inherit}
form{display:flex;gap:8px}input{flex:1;padding:8px;border:1px solid #d1d5db;border-radius:8px}button{padding:8px 14px;border-radius:8px;border:0;background:#4f46e5;color:#fff}</style></head>
<body><h1>Dev mailbox</h1><p>Mail the app would have sent. Shown only outside production, newest first.</p>
<form method="get"><label for="to" hidden>Recipient</label><input id="to" name="to" placeholder="Filter by recipient" value="${escape(query.data.to ?? '')}"><button>Filter</button></form>
${items || '<p>No mail yet.</p>'}</body></html>`);
      return;
    }
    res.json({ success: true, data: mails });
  });
  return router;
}
