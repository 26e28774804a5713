import fs from 'node:fs';
import Papa from 'papaparse';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './axe';
import { browserUnavailableReason } from './browser';
import { formatDate, formatDateTime } from '@circuit/shared/time/format';
import { startJourney, type Journey } from './harness';

const skipReason = browserUnavailableReason();
const DAY = 86_400_000;

/**
 * Issue 13's journey in Chromium: an organiser creates a paid event of capacity 1, a moderator
 * approves it, A registers and pays in the sandbox, B joins the waitlist, A cancels, B is offered
 * the place, confirms and pays; the organiser sees B paid and exports a CSV that parses back.
 */
describe.skipIf(Boolean(skipReason))(`event journey in Chromium${skipReason ? ` (skipped: ${skipReason})` : ''}`, () => {
  let journey: Journey;
  let organiser: { page: Page; id: string };
  let a: { page: Page; id: string };
  let b: { page: Page; id: string };
  let moderatorId = '';
  const errors: string[] = [];

  beforeAll(async () => {
    journey = await startJourney();
    ({ userId: moderatorId } = await journey.circuit.commands.accounts.register(
      { username: 'mod_mira', email: 'mira@example.test', password: 'secret123', firstName: 'Mira', lastName: 'Mod', role: 'moderator', emailVerified: true },
      {},
    ));
    organiser = await journey.signedIn('org_omar', 'Omar', 'Organiser');
    a = await journey.signedIn('anya_r', 'Anya', 'Rao');
    b = await journey.signedIn('bala_s', 'Bala', 'Subramanian');
    for (const p of [organiser.page, a.page, b.page]) p.on('console', (m) => m.type() === 'error' && !/status of 4\d\d/.test(m.text()) && errors.push(`${p.url()}: ${m.text()}`));
  }, 120_000);

  afterAll(async () => journey?.close());

  async function fillModal(page: Page, name: 'Register for this event' | 'Join the waitlist') {
    const dialog = page.getByRole('dialog', { name });
    await dialog.getByLabel('Mobile').fill('9876543210');
    await dialog.getByLabel('College').fill('PSG Tech');
    await dialog.getByLabel('Course').selectOption('B.Tech');
    await dialog.getByLabel('Branch').selectOption('Computer Science');
    await dialog.getByLabel('Year').selectOption('2nd Year');
    await dialog.getByLabel('State').selectOption('Tamil Nadu');
    await dialog.getByLabel('I agree to the terms and conditions').check();
    await dialog.getByRole('button', { name: name === 'Join the waitlist' ? 'Join Waitlist' : 'Register', exact: true }).click();
  }

  async function payInSandbox(page: Page) {
    const checkout = page.getByRole('dialog', { name: 'Sandbox checkout' });
    await checkout.getByRole('button', { name: /^Pay / }).click();
    await page.getByText('Payment successful! You are now registered.').waitFor();
    await page.getByText('Your registration is successful!').waitFor();
  }

  it('runs the whole journey: create, approve, pay, waitlist, offer, pay, participants and CSV', { timeout: 120_000 }, async () => {
    const local = (days: number) => {
      const d = new Date(Date.now() + days * DAY);
      const pad = (n: number) => String(n).padStart(2, '0');
      return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T18:00`;
    };
    const page = organiser.page;
    await page.goto(`${journey.base}/create-event`);
    await page.getByLabel('Username').fill('chennai-rust-night');
    await page.getByText('Username is available!').waitFor();
    await page.getByLabel('Title').fill('Chennai Rust Night');
    await page.getByLabel('Short description').fill('Talks and a workshop on Rust.');
    await page.locator('#event-description').click();
    await page.keyboard.type('Bring a laptop.');
    await page.getByLabel('Start date').fill(local(7));
    await page.getByLabel('End date').fill(local(8));
    await page.getByLabel('Registration deadline').fill(local(5));
    await page.getByLabel('Organization name').fill('Rust Chennai');
    await page.getByLabel('Pricing', { exact: true }).selectOption('paid');
    await page.getByLabel('Amount').fill('10');
    await page.getByLabel('Max attendees').fill('1');
    await page.getByLabel(/Take registrations on Circuit/).check();
    await page.getByRole('button', { name: 'Preview' }).click();
    await page.getByRole('heading', { name: 'Chennai Rust Night' }).waitFor();
    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByRole('button', { name: 'Create Event' }).click();
    await page.waitForURL(/\/events\/chennai-rust-night$/);
    await page.getByText(/we review new events within 24 to 48 hours/).waitFor();

    const event = await journey.circuit.knex('events').where({ username: 'chennai-rust-night' }).first('id');
    await journey.circuit.commands.events.approve(moderatorId, event.id, {});

    // B opens the form while the place is free; A takes it meanwhile.
    await b.page.goto(`${journey.base}/events/chennai-rust-night`);
    await b.page.getByRole('button', { name: 'Register Now' }).click();
    await b.page.getByRole('dialog', { name: 'Register for this event' }).waitFor();

    await a.page.goto(`${journey.base}/events/chennai-rust-night`);
    await a.page.getByRole('button', { name: 'Register Now' }).click();
    await fillModal(a.page, 'Register for this event');
    // The checkout is prefilled with the mobile typed in the modal (the profile has none).
    await a.page.getByRole('dialog', { name: 'Sandbox checkout' }).getByText('9876543210').waitFor();
    await payInSandbox(a.page);

    // B's 409 closes the modal and the card offers the waitlist.
    await fillModal(b.page, 'Register for this event');
    await b.page.getByText('This event is full. Join the waitlist to be offered a place if one frees up.').first().waitFor();
    await b.page.getByRole('dialog', { name: 'Register for this event' }).waitFor({ state: 'detached' });
    await b.page.getByRole('button', { name: 'Join Waitlist' }).click();
    await fillModal(b.page, 'Join the waitlist');
    await b.page.getByText('You are number 1 of 1 on the waitlist.').waitFor();

    // A's place is offered to B: to everyone else the event stays full.
    await a.page.getByRole('button', { name: 'Cancel registration' }).click();
    await a.page.getByRole('alertdialog').getByRole('button', { name: 'Cancel registration' }).click();
    await a.page.getByRole('button', { name: 'Join Waitlist' }).waitFor();
    await a.page.getByText('Offered to the waitlist').waitFor();
    expect(await a.page.getByRole('button', { name: 'Register Now' }).count()).toBe(0);
    await a.page.goto(`${journey.base}/events?country=any`);
    await a.page.getByRole('article').filter({ hasText: 'Chennai Rust Night' }).getByText('1 / 1 · Waitlist').waitFor();

    await b.page.reload();
    await b.page.getByText('A place freed up for you.').waitFor();
    await b.page.getByRole('button', { name: 'Confirm and pay' }).click();
    await payInSandbox(b.page);

    await page.goto(`${journey.base}/admin/events/${event.id}/participants`);
    const row = page.getByRole('row', { name: /Bala Subramanian/ });
    await row.waitFor();
    await expect(row.getByText('completed')).toBeTruthy();
    expect(await page.getByRole('row').count()).toBe(2);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export to CSV' }).click()]);
    expect(download.suggestedFilename()).toBe('Chennai Rust Night_participants.csv');
    const text = fs.readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '');
    const rows = Papa.parse<string[]>(text, { skipEmptyLines: true }).data;
    expect(rows[0]!.slice(-2)).toEqual(['Payment Status', 'Checked in']);
    expect(rows).toHaveLength(2);
    expect(rows[1]![0]).toBe('Bala Subramanian');
    // Paid, and not at the door yet.
    expect(rows[1]!.slice(-2)).toEqual(['completed', '']);
    expect(errors).toEqual([]);
  });

  it('axe finds no serious or critical violation on the event screens, and they fit a 390 px phone', { timeout: 120_000 }, async () => {
    const page = organiser.page;
    const event = await journey.circuit.knex('events').where({ username: 'chennai-rust-night' }).first('id');
    const violations: string[] = [];
    for (const width of [1366, 390]) {
      await page.setViewportSize({ width, height: 844 });
      for (const path of ['/events', '/events/chennai-rust-night', '/create-event', `/admin/events/${event.id}/participants`]) {
        await page.goto(`${journey.base}${path}`);
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        if (width === 1366) violations.push(...(await seriousViolations(page)).map((v) => `${path}: ${v}`));
        // The participants table scrolls inside its own frame; the page itself never scrolls sideways.
        expect([path, await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)]).toEqual([path, true]);
      }
    }
    await a.page.goto(`${journey.base}/events/chennai-rust-night`);
    await a.page.getByRole('button', { name: /Register Now|Join Waitlist/ }).click();
    await a.page.getByRole('dialog').waitFor();
    violations.push(...(await seriousViolations(a.page)).map((v) => `registration modal: ${v}`));
    expect(violations).toEqual([]);
  });

  it("shows times in the viewer's zone, named: 10:00 typed in a UTC browser is 10:00 am UTC there and 3:30 pm IST in Kolkata, on the page, the card and the console", { timeout: 120_000 }, async () => {
    const inZone = async (timezoneId: string) => (await journey.browser.newContext({ timezoneId, viewport: { width: 1366, height: 800 } })).newPage();
    const day = new Date(Date.now() + 30 * DAY).toISOString().slice(0, 10);
    const start = `${day}T10:00:00.000Z`;
    const utc = await inZone('UTC');
    await utc.goto(`${journey.base}/login`);
    await utc.getByLabel('Email or username').fill('org_omar');
    await utc.getByLabel('Password', { exact: true }).fill('secret123');
    await utc.getByRole('button', { name: 'Sign in', exact: true }).click();
    await utc.waitForURL(/\/dashboard/);
    await utc.goto(`${journey.base}/create-event`);
    await utc.getByLabel('Username').fill('zone-talk');
    await utc.getByText('Username is available!').waitFor();
    await utc.getByLabel('Title').fill('Zone Talk');
    await utc.getByLabel('Short description').fill('What time is it where you are?');
    await utc.locator('#event-description').click();
    await utc.keyboard.type('Clocks and calendars.');
    await utc.getByLabel('Start date').fill(`${day}T10:00`);
    await utc.getByLabel('End date').fill(`${day}T12:00`);
    await utc.getByLabel('Registration deadline').fill(`${new Date(Date.parse(start) - 2 * DAY).toISOString().slice(0, 10)}T10:00`);
    await utc.getByLabel('Organization name').fill('Time Lords');
    await utc.getByRole('button', { name: 'Create Event' }).click();
    await utc.waitForURL(/\/events\/zone-talk$/);
    const event = await journey.circuit.knex('events').where({ username: 'zone-talk' }).first('id', 'content');
    expect([event.content.dates.startDate, event.content.timeZone]).toEqual([start, 'UTC']);

    // The console's review of it, for a moderator in Kolkata.
    const kolkataConsole = await (await journey.browser.newContext({ timezoneId: 'Asia/Kolkata', viewport: { width: 1366, height: 800 } })).newPage();
    await kolkataConsole.goto(`${journey.base}/admin-console/`);
    await kolkataConsole.locator('input[name="username"]').fill('mod_mira');
    await kolkataConsole.locator('input[name="password"]').fill('secret123');
    await kolkataConsole.getByRole('button', { name: 'Sign in' }).click();
    await kolkataConsole.getByRole('menuitem', { name: 'Moderation queue' }).click();
    await kolkataConsole.getByRole('cell', { name: 'Zone Talk' }).click();
    await kolkataConsole.getByText(`${formatDateTime(start, { timeZone: 'Asia/Kolkata' })}`).waitFor();
    expect(formatDateTime(start, { timeZone: 'Asia/Kolkata' })).toMatch(/, 3:30 pm IST$/);
    await journey.circuit.commands.events.approve(moderatorId, event.id, {});

    // The page and the card: 10:00 am UTC in the organiser's UTC browser, 3:30 pm IST in Kolkata.
    for (const [page, zone, time] of [
      [utc, 'UTC', '10:00 am UTC'],
      [await inZone('Asia/Kolkata'), 'Asia/Kolkata', '3:30 pm IST'],
    ] as const) {
      await page.goto(`${journey.base}/events/zone-talk`);
      await page.getByText(formatDateTime(start, { timeZone: zone }), { exact: false }).first().waitFor();
      expect(formatDateTime(start, { timeZone: zone }).endsWith(time)).toBe(true);
      await page.goto(`${journey.base}/events?country=any`);
      const card = page.getByRole('article').filter({ hasText: 'Zone Talk' });
      await card.getByText(time).waitFor();
      await card.getByText(formatDate(start, { timeZone: zone })).waitFor();
    }
  });
});
