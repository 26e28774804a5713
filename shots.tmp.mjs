import { chromium } from 'playwright-core';
const base = process.env.BASE;
const out = '/tmp/shots';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'] });
const list = await (await fetch(`${base}/api/hackathons?limit=50`)).json();
let target;
for (const h of list.data) {
  const a = await (await fetch(`${base}/api/hackathons/${h.id}/announcements`)).json();
  const items = a.data?.announcements ?? a.data ?? [];
  if (Array.isArray(items) && items.length) { target = h; break; }
}
const detail = (await (await fetch(`${base}/api/hackathons/${target.id}`)).json()).data;
const organiser = detail.createdBy.username;
console.log('target', target.username, 'organiser', organiser);
for (const [w, h] of [[1366, 800], [390, 844]]) {
  const ctx = await browser.newContext({ viewport: { width: w, height: h } });
  const page = await ctx.newPage();
  await page.goto(`${base}/login`);
  await page.getByLabel('Email or username').fill(organiser);
  await page.getByLabel('Password', { exact: true }).fill('demo12345');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(/dashboard/);
  const shot = async (name, full = false) => { await page.waitForTimeout(800); await page.screenshot({ path: `${out}/${name}-${w}.png`, fullPage: full }); };
  await page.goto(`${base}/hackathons/${target.username}/announcements`); await shot('announcements', true);
  await page.goto(`${base}/hackathons/${target.id}/announcements`); await shot('announcements-by-id', true);
  await page.goto(`${base}/admin/hackathons/${target.username}/announcements`); await shot('admin-announcements', true);
  await page.goto(`${base}/hackathons/${target.username}`);
  await page.waitForTimeout(800);
  await page.screenshot({ path: `${out}/detail-${w}.png`, fullPage: true });
  const open = page.getByRole('button', { name: /chat/i }).first();
  if (await open.count()) { await open.click(); await shot('chat'); }
  const admin = page.getByRole('button', { name: /admin|members|manage/i }).first();
  if (await admin.count()) { await admin.click().catch(() => {}); await shot('chat-admin'); }
  await ctx.close();
}
await browser.close();
