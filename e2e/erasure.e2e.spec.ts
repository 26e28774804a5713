import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userStream } from '@circuit/shared/events/accounts';
import { checkedAtBothSizes } from './axe';
import { browserUnavailableReason } from './browser';
import { startJourney, type Journey } from './harness';

const skipReason = browserUnavailableReason();

describe.skipIf(Boolean(skipReason))(`Delete my account journey in Chromium${skipReason ? ` (skipped: ${skipReason})` : ''}`, () => {
  let journey: Journey;

  beforeAll(async () => {
    journey = await startJourney();
  });

  afterAll(async () => {
    await journey?.close();
  });

  it('finds Your data in the account menu, refuses a wrong password, then deletes the account with the right one', { timeout: 240_000 }, async () => {
    const { page, id } = await journey.signedIn('erin_e2e', 'Erin');
    const errors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(`${page.url()}: ${m.text()}`));

    await page.goto(`${journey.base}/dashboard`);
    await page.getByRole('button', { name: 'Open profile menu' }).click();
    await page.getByRole('menuitem', { name: 'Your data' }).click();
    await page.getByRole('heading', { name: 'Your data', level: 1 }).waitFor();
    await page.getByRole('heading', { name: 'What goes' }).waitFor();
    // The sign-in's toast fades first (it is not this page's).
    await page.locator('[data-sonner-toast]').waitFor({ state: 'detached', timeout: 15_000 });
    await checkedAtBothSizes(page, 'erasure-your-data');

    // Nothing typed: said at the field; then a wrong password: said by the server, and nothing changes.
    const deleteButton = page.getByRole('button', { name: 'Delete my account' });
    await deleteButton.click();
    await page.getByText('Password is required').waitFor();
    await page.getByLabel('Your password').fill('not-my-password');
    await deleteButton.click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete your account for good?' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await page.getByRole('alert').filter({ hasText: 'Password is incorrect' }).waitFor();
    expect((await journey.circuit.store.readStream(userStream(id))).some((e) => e.type === 'AccountErased')).toBe(false);

    // The code path: a code is mailed, its field waits (the deletion itself goes on with the password).
    await page.getByLabel('With a code sent to my email').check();
    await page.getByRole('button', { name: 'Send me a code' }).click();
    await page.getByRole('status').filter({ hasText: 'We sent a code to your email. It expires in 10 minutes.' }).waitFor();
    await page.getByLabel('Code from the email').waitFor();
    await checkedAtBothSizes(page, 'erasure-code');
    await page.getByLabel('With my password').check();

    await page.getByLabel('Your password').fill('secret123');
    await deleteButton.click();
    await dialog.waitFor();
    await checkedAtBothSizes(page, 'erasure-confirm');
    // Keyboard: the dialog's own confirm button, reached and pressed without the mouse.
    await dialog.getByRole('button', { name: 'Delete my account' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/account-deleted');
    await page.getByRole('heading', { name: 'Your account has been deleted' }).waitFor();
    await checkedAtBothSizes(page, 'erasure-account-deleted');

    expect((await journey.circuit.store.readStream(userStream(id))).filter((e) => e.type === 'AccountErased')).toHaveLength(1);
    await page.goto(`${journey.base}/settings/data`);
    await page.getByRole('heading', { name: 'Authentication Required' }).waitFor();
    // The one the browser logs for the refused wrong password is expected; nothing else.
    const refused = `${journey.base}/settings/data: Failed to load resource: the server responded with a status of 400 (Bad Request)`;
    expect(errors).toEqual([refused]);
  });
});
