import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { loadConfig } from '@circuit/shared/config';
import { unsubscribeToken, UNSUBSCRIBE_LINK_INVALID } from '@circuit/command-service/notification-settings/unsubscribe-token';
import { checkedAtBothSizes } from './axe';
import { browserUnavailableReason } from './browser';
import { startJourney, type Journey } from './harness';

const skipReason = browserUnavailableReason();

describe.skipIf(Boolean(skipReason))(`notification settings journey in Chromium${skipReason ? ` (skipped: ${skipReason})` : ''}`, () => {
  let journey: Journey;

  beforeAll(async () => {
    journey = await startJourney();
  });

  afterAll(async () => {
    await journey?.close();
  });

  it('turns a reminder off on the settings screen, and unsubscribes from an e-mail’s link without signing in', { timeout: 240_000 }, async () => {
    const base = journey.base;
    const { page } = await journey.signedIn('rina_e2e', 'Rina');
    const oneHourMail = page.getByRole('switch', { name: 'E-mail: An hour before it starts' });
    const dayBeforeMail = page.getByRole('switch', { name: 'E-mail: A day before it starts' });

    // From the notifications page to the settings.
    await page.goto(`${base}/notifications`);
    await page.getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('heading', { name: 'Notification settings' }).waitFor();
    await page.getByRole('heading', { name: 'Always sent' }).waitFor();
    await checkedAtBothSizes(page, 'notification-settings');

    await oneHourMail.click();
    await expect.poll(() => oneHourMail.getAttribute('aria-checked')).toBe('false');
    await page.reload();
    await expect.poll(() => oneHourMail.getAttribute('aria-checked')).toBe('false');
    expect(await page.getByRole('switch', { name: 'On Circuit: An hour before it starts' }).getAttribute('aria-checked')).toBe('true');

    // The link in an e-mail's footer, opened where nobody is signed in: the page asks first.
    const secret = loadConfig({ NODE_ENV: 'test', SEED: 'false', PORT: '0', LOG_LEVEL: 'silent' }).sessionSecret;
    const token = unsubscribeToken('rina_e2e@example.test', 'reminder_starts_24h', secret);
    const stranger = await (await journey.browser.newContext()).newPage();
    await stranger.goto(`${base}/unsubscribe/${token}`);
    await stranger.getByRole('heading', { name: /^Unsubscribe from these e.mails\?$/ }).waitFor();
    await stranger.getByText('rina_e2e@example.test').waitFor();
    await checkedAtBothSizes(stranger, 'unsubscribe');
    await page.reload();
    await expect.poll(() => dayBeforeMail.getAttribute('aria-checked')).toBe('true');

    // An altered link is refused with a clear message.
    const [, mac] = token.split('.');
    const other = Buffer.from(JSON.stringify({ e: 'someone@example.test', k: 'reminder_starts_24h' })).toString('base64url');
    await stranger.goto(`${base}/unsubscribe/${other}.${mac}`);
    await stranger.getByRole('button', { name: 'Unsubscribe' }).click();
    await stranger.getByRole('alert').filter({ hasText: UNSUBSCRIBE_LINK_INVALID }).waitFor();

    await stranger.goto(`${base}/unsubscribe/${token}`);
    await stranger.getByRole('button', { name: 'Unsubscribe' }).click();
    await stranger.getByRole('heading', { name: 'You are unsubscribed' }).waitFor();
    await checkedAtBothSizes(stranger, 'unsubscribed');
    await page.reload();
    await expect.poll(() => dayBeforeMail.getAttribute('aria-checked')).toBe('false');
    await stranger.context().close();
  });
});
