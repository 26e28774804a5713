import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { loadConfig } from '@circuit/shared/config';
import { createKnex } from '@circuit/shared/db/knex';
import { composeEmbedded, type Embedded } from '@circuit/embedded/compose';
import { browserUnavailableReason, launchBrowser } from './browser';

const skipReason = browserUnavailableReason();
const T = { timeout: 10_000 };

describe.skipIf(Boolean(skipReason))(`messaging journey in Chromium${skipReason ? ` (skipped: ${skipReason})` : ''}`, () => {
  let circuit: Embedded;
  let browser: Browser;
  let base: string;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    const config = loadConfig({ NODE_ENV: 'test', SEED: 'false', PORT: '0', LOG_LEVEL: 'silent' });
    circuit = await composeEmbedded({ config, knex: await createKnex({ kind: 'pglite' }) });
    base = `http://localhost:${await circuit.listen(0)}`;
    browser = await launchBrowser();
  });

  afterAll(async () => {
    for (const c of contexts) await c.close();
    await browser?.close();
    await circuit?.stop();
    await circuit?.knex.destroy();
  });

  async function signedIn(username: string, firstName: string, lastName: string): Promise<{ page: Page; id: string }> {
    const { userId } = await circuit.commands.accounts.register(
      { username, email: `${username}@example.test`, password: 'secret123', firstName, lastName, emailVerified: true },
      {},
    );
    const context = await browser.newContext();
    contexts.push(context);
    const page = await context.newPage();
    await page.goto(`${base}/login`);
    await page.getByLabel('Email or username').fill(username);
    await page.getByLabel('Password', { exact: true }).fill('secret123');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(/\/dashboard/);
    return { page, id: userId };
  }

  const messages = (page: Page) => page.locator('ol[aria-label="Messages"]');
  const bubble = (page: Page, text: string) => messages(page).locator('p').filter({ hasText: new RegExp(`^${text}$`) });

  async function send(page: Page, text: string) {
    const input = page.getByLabel('Message', { exact: true });
    await input.fill(text);
    await input.press('Enter');
  }

  it('two connected users chat live; the unread badge rises and clears; history pages back with Load More', async () => {
    const aarav = await signedIn('aarav_chat', 'Aarav', 'Sharma');
    const priya = await signedIn('priya_chat', 'Priya', 'Nair');
    await circuit.commands.social.act('RequestConnection', aarav.id, priya.id, {});
    await circuit.commands.social.act('AcceptConnection', priya.id, aarav.id, {});

    await aarav.page.goto(`${base}/messages?user=${priya.id}`);
    await aarav.page.getByText('No messages yet.').waitFor(T);
    await priya.page.goto(`${base}/messages`);

    // Live delivery, and the receiver's unread badge.
    await send(aarav.page, 'Hello Priya!');
    await bubble(aarav.page, 'Hello Priya!').waitFor(T);
    await priya.page.getByRole('link', { name: /^Messages.*1 unread/ }).waitFor(T);

    // Opening the conversation clears it; the reply arrives live on the other side.
    await priya.page.getByRole('button', { name: 'Aarav Sharma' }).click();
    await bubble(priya.page, 'Hello Priya!').waitFor(T);
    await expect.poll(() => priya.page.getByRole('link', { name: /unread/ }).count(), T).toBe(0);
    await send(priya.page, 'Hi Aarav');
    await bubble(aarav.page, 'Hi Aarav').waitFor(T);

    // A longer history: the first page holds the newest 20, Load More brings the rest.
    for (let i = 1; i <= 22; i++) await circuit.commands.messaging.send({ from: aarav.id, to: priya.id, text: `bulk ${i}` }, {});
    await priya.page.reload();
    await priya.page.getByRole('button', { name: 'Aarav Sharma' }).click();
    await bubble(priya.page, 'bulk 22').waitFor(T);
    expect(await bubble(priya.page, 'Hello Priya!').count()).toBe(0);
    await priya.page.getByRole('button', { name: 'Load More Messages' }).click();
    await bubble(priya.page, 'Hello Priya!').waitFor(T);
    await expect.poll(() => priya.page.getByRole('button', { name: 'Load More Messages' }).count(), T).toBe(0);
  });
});
