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

  it('sign-up checks with the server\'s rules: every message under its field at once, focus on the first, no toast; each goes once its field is valid', { timeout: 120_000 }, async () => {
    const { base, browser } = journey;
    const page = await browser.newPage();
    await page.goto(`${base}/signup`);
    await page.getByRole('button', { name: 'Create account' }).click();
    const first = page.getByLabel('First name');
    await expect.poll(() => first.getAttribute('aria-invalid')).toBe('true');
    expect(await first.evaluate((el) => el === document.activeElement)).toBe(true);
    const messages = ['First name is required', 'Last name is required', 'Username is required', 'Email is required', 'Password is required', 'Please confirm your password', 'You must agree to the Terms and Privacy Policy'];
    for (const text of messages) expect(await page.getByText(text, { exact: true }).count()).toBe(1);
    // Each message is the field's description, so a screen reader reads it with the field.
    const describedBy = await first.getAttribute('aria-describedby');
    expect(await page.locator(`[id="${describedBy}"]`).textContent()).toBe('First name is required');
    expect(await page.locator('[data-sonner-toast]').count()).toBe(0);

    // The server's username rule (30 at most), not only the length the old form knew.
    await page.getByLabel('Username').fill('a'.repeat(31));
    await page.getByText('Username cannot exceed 30 characters').waitFor();
    await page.getByLabel('Username').fill('ada_l');
    await first.fill('Ada');
    await expect.poll(() => page.getByText('Username cannot exceed 30 characters').count()).toBe(0);
    expect(await page.getByText('First name is required').count()).toBe(0);
    expect(await first.getAttribute('aria-invalid')).toBeNull();
    await page.getByLabel('Password', { exact: true }).fill('secret123');
    await page.getByLabel('Confirm password').fill('secret12');
    await page.getByText('Passwords do not match').waitFor();
    await page.close();
  });

  it('sign-in: an empty submit names both fields and focuses the first; the code form asks only for the address until a code is sent', { timeout: 120_000 }, async () => {
    const { base, browser } = journey;
    const page = await browser.newPage();
    await page.goto(`${base}/login`);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByText('Email or username is required').waitFor();
    await page.getByText('Password is required').waitFor();
    expect(await page.getByLabel('Email or username').evaluate((el) => el === document.activeElement)).toBe(true);

    await page.getByRole('button', { name: 'OTP' }).click();
    await page.getByLabel('Email').fill('ada@');
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByText('Please enter a valid email address').waitFor();
    expect(await page.getByLabel('One-time code').count()).toBe(0);
    await page.close();
  });
});
