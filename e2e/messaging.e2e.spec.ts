import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { browserUnavailableReason } from './browser';
import { startJourney, type Journey } from './harness';

const skipReason = browserUnavailableReason();
const T = { timeout: 10_000 };

describe.skipIf(Boolean(skipReason))(`messaging journey in Chromium${skipReason ? ` (skipped: ${skipReason})` : ''}`, () => {
  let journey: Journey;

  beforeAll(async () => {
    journey = await startJourney();
  });

  afterAll(async () => {
    await journey?.close();
  });

  const messages = (page: Page) => page.locator('ol[aria-label="Messages"]');
  const bubble = (page: Page, text: string) => messages(page).locator('p').filter({ hasText: new RegExp(`^${text}$`) });

  async function send(page: Page, text: string) {
    const input = page.getByLabel('Message', { exact: true });
    await input.fill(text);
    await input.press('Enter');
  }

  it('two connected users chat live; the unread badge rises and clears; history pages back with Load More', { timeout: 120_000 }, async () => {
    const { base, circuit } = journey;
    const aarav = await journey.signedIn('aarav_chat', 'Aarav', 'Sharma');
    const priya = await journey.signedIn('priya_chat', 'Priya', 'Nair');
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
