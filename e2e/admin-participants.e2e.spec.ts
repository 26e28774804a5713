import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendListedHackathon } from '@circuit/command-service/hackathon-registrations/hackathon-fixtures';
import { findCommunityAccess } from '@circuit/shared/read-models/community';
import { browserUnavailableReason } from './browser';
import { shootBothWidths } from './console-shots';
import { startJourney, type Journey } from './harness';

const skipReason = browserUnavailableReason();

async function consoleSignIn(browser: Browser, base: string, username: string): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: 1366, height: 800 }, acceptDownloads: true })).newPage();
  await page.goto(`${base}/admin-console/`);
  await page.locator('input[name="username"]').fill(username);
  await page.locator('input[name="password"]').fill('secret123');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByText('Circuit admin').first().waitFor();
  return page;
}

/** The listings offered in the picker, as their option texts. */
async function listingOptions(page: Page): Promise<string[]> {
  await page.getByRole('combobox', { name: 'Listing' }).click();
  const options = page.getByRole('option');
  await options.first().waitFor();
  const texts = await options.allTextContents();
  return texts;
}

/** Issue 15's participants in the console: an organiser sees and exports only their own listing; a moderator sees every listing. */
describe.skipIf(Boolean(skipReason))(`participants in the admin console in Chromium${skipReason ? ` (skipped: ${skipReason})` : ''}`, () => {
  let journey: Journey;

  beforeAll(async () => {
    journey = await startJourney();
    const { circuit } = journey;
    const account = (username: string, firstName: string, lastName = 'Tester', role: 'user' | 'moderator' = 'user') =>
      circuit.commands.accounts.register({ username, email: `${username}@example.test`, password: 'secret123', firstName, lastName, role, emailVerified: true }, {});
    await account('mod_mira', 'Mira', 'Tester', 'moderator');
    await account('plain_pat', 'Pat');
    const omar = await account('org_omar', 'Omar');
    const olga = await account('org_olga', 'Olga');
    const tricky = [
      await account('comma_cara', 'Rao, "Ace"', 'Cara'),
      await account('formula_fred', '=HYPERLINK("http://evil.test")', 'Fred'),
      await account('newline_nia', 'Nia\nLine', 'Two'),
    ];
    const mine = await appendListedHackathon(circuit.store, { now: new Date(), createdBy: omar.userId, username: 'campus-hack' });
    const theirs = await appendListedHackathon(circuit.store, { now: new Date(), createdBy: olga.userId, username: 'other-hack' });
    for (const { hackathonId } of [mine, theirs]) {
      for (let i = 0; !(await findCommunityAccess(circuit.knex, hackathonId, null)); i++) {
        if (i > 400) throw new Error('the hackathon never reached the read models');
        await new Promise((r) => setTimeout(r, 25));
      }
    }
    for (const user of tricky) await circuit.commands.registrations.register(user.userId, mine.hackathonId, {}, {});
    await circuit.commands.registrations.register(tricky[0]!.userId, theirs.hackathonId, {}, {});
  }, 120_000);
  afterAll(async () => journey?.close());

  it('an organiser sees only their listing and exports its participants to a CSV that parses back with the formula neutralised', { timeout: 120_000 }, async () => {
    const page = await consoleSignIn(journey.browser, journey.base, 'org_omar');
    const errors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(`${page.url()}: ${m.text()}`));
    await page.getByRole('menuitem', { name: 'Participants' }).waitFor();
    expect(await page.getByRole('menuitem', { name: 'Moderation queue' }).count()).toBe(0);
    await page.getByRole('menuitem', { name: 'Participants' }).click();
    await page.getByText('Pick a listing to see its participants.').waitFor();
    await shootBothWidths(page, 'participants-pick');

    expect(await listingOptions(page)).toEqual(['Hackathon campus-hack · Hackathon · 3 registered']);
    await page.getByRole('option').first().click();
    await page.getByRole('cell', { name: 'comma_cara', exact: true }).waitFor();
    expect(await page.getByRole('cell', { name: 'formula_fred', exact: true }).count()).toBe(1);
    await shootBothWidths(page, 'participants-list');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export' }).click()]);
    expect(download.suggestedFilename()).toBe('Hackathon campus-hack_participants.csv');
    const csv = fs.readFileSync((await download.path())!, 'utf8');
    const parsed = Papa.parse<Record<string, string>>(csv, { header: true, skipEmptyLines: true });
    expect(parsed.errors).toEqual([]);
    const byUsername = new Map(parsed.data.map((r) => [r.Username, r]));
    expect([...byUsername.keys()].sort()).toEqual(['comma_cara', 'formula_fred', 'newline_nia']);
    expect(byUsername.get('comma_cara')!.Name).toBe('Rao, "Ace" Cara');
    expect(byUsername.get('formula_fred')!.Name).toBe(`'=HYPERLINK("http://evil.test") Fred`);
    expect(byUsername.get('newline_nia')!.Name).toBe('Nia\nLine Two');
    expect(parsed.meta.fields).toEqual(expect.arrayContaining(['Name', 'Username', 'Email', 'College', 'Payment', 'Registered At']));
    // Every value quoted: each line starts with a quote (a quoted newline stays inside its value).
    expect(csv.split('\r\n').filter(Boolean).every((line) => line.startsWith('"'))).toBe(true);

    expect(errors).toEqual([]);

    // The server refuses another organiser's listing, whatever the console asks.
    const theirs = (await journey.circuit.knex('hackathons').where({ username: 'other-hack' }).first('id')).id as string;
    const status = await page.evaluate(async (id) => (await fetch(`/api/admin/participants?filter=${encodeURIComponent(JSON.stringify({ kind: 'hackathon', listingId: id }))}`)).status, theirs);
    expect(status).toBe(403);
  });

  it('a moderator sees every listing', { timeout: 120_000 }, async () => {
    const page = await consoleSignIn(journey.browser, journey.base, 'mod_mira');
    await page.getByRole('menuitem', { name: 'Participants' }).click();
    expect(await listingOptions(page)).toEqual(['Hackathon campus-hack · Hackathon · 3 registered', 'Hackathon other-hack · Hackathon · 1 registered']);
    await page.getByRole('option', { name: /other-hack/ }).click();
    await page.getByRole('cell', { name: 'comma_cara', exact: true }).waitFor();
    await shootBothWidths(page, 'participants-moderator');
  });

  it('a user who created no listing is still turned away at the console’s door', { timeout: 120_000 }, async () => {
    const page = await (await journey.browser.newContext({ viewport: { width: 1366, height: 800 } })).newPage();
    await page.goto(`${journey.base}/admin-console/`);
    await page.locator('input[name="username"]').fill('plain_pat');
    await page.locator('input[name="password"]').fill('secret123');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('You do not have access to the admin console').waitFor();
    expect(await page.getByRole('menuitem', { name: 'Participants' }).count()).toBe(0);
  });
});
