import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unzip } from '@circuit/shared/zip/zip';
import { checkedAtBothSizes } from './axe';
import { browserUnavailableReason } from './browser';
import { startJourney, type Journey } from './harness';

const skipReason = browserUnavailableReason();

describe.skipIf(Boolean(skipReason))(`"Download my data" journey in Chromium${skipReason ? ` (skipped: ${skipReason})` : ''}`, () => {
  let journey: Journey;

  beforeAll(async () => {
    journey = await startJourney();
  });

  afterAll(async () => {
    await journey?.close();
  });

  it('asks for a copy from the account menu, sees it built, gets the mail and downloads the ZIP', { timeout: 240_000 }, async () => {
    const { page } = await journey.signedIn('dana_e2e', 'Dana');
    const errors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(`${page.url()}: ${m.text()}`));
    page.on('pageerror', (e) => errors.push(`${page.url()}: ${e.message}`));

    // From the account menu, beside the notification settings (on a fresh page: the sign-in toast is gone).
    await page.goto(`${journey.base}/notifications`);
    await page.getByRole('button', { name: 'Open profile menu' }).click();
    await page.getByRole('menuitem', { name: 'Your data' }).click();
    await page.waitForURL(/\/settings\/data$/);
    await page.getByRole('heading', { name: 'Your data', level: 1 }).waitFor();
    await page.getByRole('list', { name: 'What the file holds' }).getByText('Quiz answers').waitFor();
    await checkedAtBothSizes(page, 'your-data');

    await page.getByRole('button', { name: 'Download my data' }).click();
    // Building shows a progress bar (it may be over before a look catches it), then the link.
    const progress = page.getByRole('progressbar', { name: 'Preparing your copy...' });
    const link = page.getByRole('link', { name: 'Download ZIP' });
    await progress.or(link).first().waitFor();
    if (await progress.isVisible()) expect(Number(await progress.getAttribute('aria-valuenow'))).toBeGreaterThanOrEqual(0);
    await link.waitFor({ timeout: 30_000 });
    await page.getByText('Your copy is ready').waitFor();
    await page.getByText(/Available until/).waitFor();
    await checkedAtBothSizes(page, 'your-data-ready');

    // The mail in the dev mailbox points to this page and holds none of the data.
    const mails = await journey.circuit.mailbox!.list({ to: 'dana_e2e@example.test' });
    const mail = mails.find((m) => m.subject === 'Your Circuit data is ready to download');
    expect(mail?.text).toMatch(/\/settings\/data\n/);
    expect(mail?.text).not.toContain('dana_e2e@example.test');

    // The download, as the browser saves it.
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toMatch(/^circuit-data-\d{4}-\d{2}-\d{2}\.zip$/);
    const saved = await download.createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of saved) chunks.push(chunk as Buffer);
    const files = unzip(Buffer.concat(chunks));
    expect(files.get('README.txt')?.toString('utf8')).toContain('Your data on Circuit (@dana_e2e)');
    expect(JSON.parse(files.get('profile/profile.json')!.toString('utf8'))[0]).toMatchObject({ username: 'dana_e2e', first_name: 'Dana' });

    // After a reload the page still shows that copy.
    await page.reload();
    await page.getByRole('link', { name: 'Download ZIP' }).waitFor();
    await page.getByRole('button', { name: 'Prepare a new copy' }).waitFor();
    expect(errors).toEqual([]);
  });
});
