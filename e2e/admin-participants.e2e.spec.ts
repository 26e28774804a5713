import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendListedHackathon } from '@circuit/command-service/hackathon-registrations/hackathon-fixtures';
import { findCommunityAccess } from '@circuit/shared/read-models/community';
import { QuizFormSchema, RegisterQuizBodySchema } from '@circuit/shared/validation/quizzes';
import { browserUnavailableReason } from './browser';
import { shootBothWidths } from './shots';
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
    const mira = await account('mod_mira', 'Mira', 'Tester', 'moderator');
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

    // Omar's running quiz: Cara submits (one right, one wrong: 4 - 2 = 2 marks), Fred registers and never starts; a second quiz has nobody.
    const at = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
    const quizForm = (title: string) =>
      QuizFormSchema.parse({
        title,
        description: '<p>Two questions</p>',
        timeLimit: 5,
        dates: { registrationStartDate: at(-60), registrationEndDate: at(60), startDate: at(-10), endDate: at(120) },
        questions: [0, 1].map((i) => ({ question: `Question ${i + 1}?`, options: ['A', 'B'], correctAnswer: 0, points: 1 })),
      });
    const quizId = await circuit.commands.quizzes.create(omar.userId, quizForm('Capitals quiz'), {});
    const emptyQuizId = await circuit.commands.quizzes.create(omar.userId, quizForm('Empty quiz'), {});
    for (const id of [quizId, emptyQuizId]) await circuit.commands.quizzes.approve(mira.userId, id, {});
    // The names they registered with (a quiz registration also updates the profile, so they are the accounts' own).
    for (const [user, firstName, lastName] of [[tricky[0]!, 'Rao, "Ace"', 'Cara'], [tricky[1]!, '=HYPERLINK("http://evil.test")', 'Fred']] as const) {
      await circuit.commands.quizzes.register(user.userId, quizId, RegisterQuizBodySchema.parse({ agreeToTerms: true, firstName, lastName, mobile: '9876543210', college: 'NIT Goa', course: 'B.Tech', branch: 'CSE', collegeYear: '2nd Year', country: 'India', state: 'Goa' }), {});
    }
    await circuit.commands.quizzes.questions(tricky[0]!.userId, quizId, {});
    await circuit.commands.quizzes.submit(tricky[0]!.userId, quizId, [{ questionIndex: 0, selectedAnswer: 0 }, { questionIndex: 1, selectedAnswer: 1 }], {});
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

    expect(await listingOptions(page)).toEqual(['Capitals quiz · Quiz · 2 registered', 'Empty quiz · Quiz · 0 registered', 'Hackathon campus-hack · Hackathon · 3 registered']);
    await page.getByRole('option', { name: /campus-hack/ }).click();
    await page.getByText('@comma_cara', { exact: true }).waitFor();
    expect(await page.getByText('@formula_fred', { exact: true }).count()).toBe(1);
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

  it('a quiz shows its results and copies them as tab-separated rows with the CSV’s columns; an empty one says there is nothing to copy or export', { timeout: 120_000 }, async () => {
    const page = await consoleSignIn(journey.browser, journey.base, 'org_omar');
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: journey.base });
    const errors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(`${page.url()}: ${m.text()}`));
    await page.getByRole('menuitem', { name: 'Participants' }).click();
    await listingOptions(page);
    await page.getByRole('option', { name: /Capitals quiz/ }).click();
    await page.getByText('@comma_cara', { exact: true }).waitFor();
    expect((await page.locator('thead th').allInnerTexts()).slice(-2)).toEqual(['Score', 'Completed']);
    const cara = (await page.getByRole('row').filter({ hasText: 'comma_cara' }).getByRole('cell').allInnerTexts()).slice(-2);
    expect(cara[0]).toBe('2');
    // Cara is the only one who submitted; how long she took is the server's count (a busy machine makes it a second).
    const { time_taken: taken } = (await journey.circuit.knex('quiz_participants').whereNotNull('time_taken').first('time_taken')) as { time_taken: number };
    expect(cara[1]).toMatch(new RegExp(`\\nin ${taken}s$`));
    // A wide quiz table still fits a laptop screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1366);
    // Fred has not taken it: no results yet.
    expect((await page.getByRole('row').filter({ hasText: 'formula_fred' }).getByRole('cell').allInnerTexts()).slice(-2)).toEqual(['—', '—']);
    await shootBothWidths(page, 'participants-quiz');

    await page.getByRole('button', { name: 'Copy' }).click();
    await page.getByText('Participants copied to clipboard').waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    const rows = Papa.parse<Record<string, string>>(copied, { delimiter: '\t', header: true, skipEmptyLines: true });
    expect(rows.errors).toEqual([]);
    expect(rows.meta.fields?.slice(-5)).toEqual(['Payment', 'Registered At', 'Score', 'Time Taken (s)', 'Completed At']);
    const byUsername = new Map(rows.data.map((r) => [r.Username, r]));
    expect(byUsername.get('comma_cara')).toMatchObject({ Name: 'Rao, "Ace" Cara', College: 'NIT Goa', Score: '2', 'Time Taken (s)': '0' });
    expect(Date.parse(byUsername.get('comma_cara')!['Completed At']!)).toBeGreaterThan(0);
    expect(byUsername.get('formula_fred')).toMatchObject({ Name: `'=HYPERLINK("http://evil.test") Fred`, Score: '', 'Completed At': '' });

    // The export has the same columns.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export' }).click()]);
    expect(download.suggestedFilename()).toBe('Capitals quiz_participants.csv');
    const csv = Papa.parse<Record<string, string>>(fs.readFileSync((await download.path())!, 'utf8'), { header: true, skipEmptyLines: true });
    expect(csv.meta.fields).toEqual(rows.meta.fields);

    await page.getByRole('combobox', { name: 'Listing' }).click();
    await page.getByRole('option', { name: /Empty quiz/ }).click();
    await page.getByText('No participants yet.').waitFor();
    await page.getByRole('button', { name: 'Copy' }).click();
    await page.getByText('No participants to copy').waitFor();
    await page.getByRole('button', { name: 'Export' }).click();
    await page.getByText('No participants to export').waitFor();
    expect(errors).toEqual([]);
  });

  it('a moderator sees every listing', { timeout: 120_000 }, async () => {
    const page = await consoleSignIn(journey.browser, journey.base, 'mod_mira');
    await page.getByRole('menuitem', { name: 'Participants' }).click();
    expect(await listingOptions(page)).toEqual(['Capitals quiz · Quiz · 2 registered', 'Empty quiz · Quiz · 0 registered', 'Hackathon campus-hack · Hackathon · 3 registered', 'Hackathon other-hack · Hackathon · 1 registered']);
    await page.getByRole('option', { name: /other-hack/ }).click();
    await page.getByText('@comma_cara', { exact: true }).waitFor();
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
