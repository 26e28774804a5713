import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserUnavailableReason } from './browser';
import { startJourney, type Journey } from './harness';

const skipReason = browserUnavailableReason();

describe.skipIf(Boolean(skipReason))(`accounts journey in Chromium${skipReason ? ` (skipped: ${skipReason})` : ''}`, () => {
  let journey: Journey;

  beforeAll(async () => {
    journey = await startJourney();
  });

  afterAll(async () => {
    await journey?.close();
  });

  async function latestCode(email: string): Promise<string> {
    for (let i = 0; i < 50; i++) {
      const mails = (await journey.circuit.mailbox!.list({ to: email })) as { text: string }[];
      const code = mails[0]?.text.match(/\b(\d{6})\b/)?.[1];
      if (code) return code;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`no code mailed to ${email}`);
  }

  it('signs up, verifies the e-mailed code, signs in, sees the signed-in header and signs out', { timeout: 120_000 }, async () => {
    const { base, browser } = journey;
    const page = await browser.newPage();
    const email = 'journey.user@example.com';

    await page.goto(`${base}/signup`);
    await page.getByLabel('Username').fill('journey_user');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('secret123');
    await page.getByLabel('Confirm password').fill('secret123');
    await page.getByLabel('First name').fill('Journey');
    await page.getByLabel('Last name').fill('User');
    await page.getByLabel(/I agree to the Terms/).check();
    await page.getByRole('button', { name: 'Create account' }).click();

    await expect.poll(() => page.getByText('Verify your email').first().isVisible()).toBe(true);
    const code = await latestCode(email);
    await page.getByLabel('Verification code').fill(code);
    await page.getByRole('button', { name: 'Verify Email' }).click();

    await page.waitForURL(/\/login/);
    await page.getByLabel('Email or username').fill('journey_user');
    await page.getByLabel('Password', { exact: true }).fill('secret123');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();

    await page.waitForURL(/\/dashboard/);
    const profileMenu = page.getByRole('button', { name: 'Open profile menu' });
    await profileMenu.waitFor();
    await expect.poll(() => page.getByRole('link', { name: 'Sign in' }).count()).toBe(0);

    await profileMenu.click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('link', { name: 'Sign in' }).first().waitFor();
    const me = await page.evaluate(async () => (await fetch('/api/auth/me')).status);
    expect(me).toBe(401);
  });
});
