import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventFormSchema } from '@circuit/shared/validation/events';
import { HackathonFormSchema } from '@circuit/shared/validation/hackathons';
import { hackathonFormFixture } from '@circuit/command-service/hackathons/hackathon-form-fixture';
import { QuizFormSchema } from '@circuit/shared/validation/quizzes';
import { browserUnavailableReason } from './browser';
import { startJourney, type Journey } from './harness';

const skipReason = browserUnavailableReason();
const DAY = 86_400_000;
const at = (days: number) => new Date(Date.now() + days * DAY).toISOString();

/** Console errors and uncaught exceptions of a page, as they happen (a 401 of the signed-out session check is the ordinary answer). */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => (m.type() === 'error' || m.type() === 'warning') && !/status of 401/.test(m.text()) && errors.push(`${page.url()}: ${m.text()}`));
  page.on('pageerror', (e) => errors.push(`${page.url()}: ${e.message}`));
  return errors;
}

/** The layout shifts a page had so far (without those right after input), summed as Lighthouse's CLS would. */
const layoutShift = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) if (!entry.hadRecentInput) total += entry.value;
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(total), 300);
      }),
  );

/**
 * Issue 33's public pages in Chromium: what a visitor without JavaScript (a crawler, a link preview) sees is
 * the page itself; with JavaScript React takes the server's HTML over without a complaint, the signed-in
 * parts fill in without moving the page, and nothing is fetched twice.
 */
describe.skipIf(Boolean(skipReason))(`public pages rendered on the server, in Chromium${skipReason ? ` (skipped: ${skipReason})` : ''}`, () => {
  let journey: Journey;
  let visitor: { page: Page; id: string };
  let quizId = '';

  beforeAll(async () => {
    journey = await startJourney();
    const { userId: moderatorId } = await journey.circuit.commands.accounts.register(
      { username: 'mod_sara', email: 'sara@example.test', password: 'secret123', firstName: 'Sara', lastName: 'Mod', role: 'moderator', emailVerified: true },
      {},
    );
    const { userId: organiserId } = await journey.circuit.commands.accounts.register(
      { username: 'org_kavya', email: 'kavya@example.test', password: 'secret123', firstName: 'Kavya', lastName: 'Rao', emailVerified: true },
      {},
    );
    visitor = await journey.signedIn('vis_arun', 'Arun', 'Visitor');
    const { hackathons, events, quizzes } = journey.circuit.commands;
    const { hackathonId } = await hackathons.create(
      organiserId,
      HackathonFormSchema.parse(
        hackathonFormFixture(new Date(), {
          username: 'monsoon-build',
          title: 'Monsoon Build',
          organization: { name: 'Kochi Coders' },
          location: { type: 'offline', country: 'India', state: 'Kerala', city: 'Kochi', address: 'Infopark' },
        }),
      ),
      {},
    );
    await hackathons.approve(moderatorId, hackathonId, {});
    const { eventId } = await events.create(
      organiserId,
      EventFormSchema.parse({
        username: 'rust-evening',
        title: 'Rust Evening',
        shortDescription: 'Talks and demos on Rust',
        description: '<p>Talks</p>',
        organization: { name: 'Kochi Coders' },
        // The list shows India's events unless asked otherwise.
        location: { type: 'offline', country: 'India', state: 'Kerala', city: 'Kochi', address: 'Infopark' },
        dates: { registrationDeadline: at(5), startDate: at(7), endDate: at(8) },
      }),
      {},
    );
    await events.approve(moderatorId, eventId, {});
    quizId = await quizzes.create(
      organiserId,
      QuizFormSchema.parse({
        title: 'Web Trivia',
        description: '<p>Ten questions on the web.</p>',
        dates: { registrationStartDate: at(-1), registrationEndDate: at(5), startDate: at(6), endDate: at(7) },
        questions: [{ question: 'HTTP status for Not Found?', options: ['404', '500'], correctAnswer: 0, points: 1 }],
      }),
      {},
    );
    await quizzes.approve(moderatorId, quizId, {});
  }, 120_000);

  afterAll(async () => journey?.close());

  const pages = () => [
    { path: '/', text: 'Monsoon Build' },
    { path: '/hackathons', text: 'Monsoon Build' },
    { path: '/hackathons/monsoon-build', text: 'Kochi Coders' },
    { path: '/events', text: 'Rust Evening' },
    { path: '/events/rust-evening', text: 'Talks and demos on Rust' },
    { path: '/quizzes', text: 'Web Trivia' },
    { path: `/quiz/${quizId}`, text: 'Web Trivia' },
    { path: '/in/org_kavya', text: 'Kavya Rao' },
    { path: '/about', text: 'Circuit' },
  ];

  it('shows each page with JavaScript turned off: the server sent the page, not a shell', { timeout: 120_000 }, async () => {
    const context = await journey.browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    for (const { path, text } of pages()) {
      await page.goto(`${journey.base}${path}`);
      await expect.poll(() => page.locator('main').innerText(), { message: path }).toContain(text);
    }
    await context.close();
  });

  it('hydrates every page, signed out and signed in, with no console error, no hydration warning and no layout shift', { timeout: 180_000 }, async () => {
    const context = await journey.browser.newContext();
    const guest = await context.newPage();
    for (const [who, page] of [['signed out', guest], ['signed in', visitor.page]] as const) {
      const errors = watchErrors(page);
      const requests: string[] = [];
      page.on('request', (r) => r.url().includes('/api/') && requests.push(new URL(r.url()).pathname));
      for (const { path, text } of pages()) {
        requests.length = 0;
        await page.goto(`${journey.base}${path}`, { waitUntil: 'networkidle' });
        await page.getByText(text).first().waitFor();
        expect(await layoutShift(page), `${path}, ${who}`).toBeLessThan(0.05);
        // The page's own data came with the HTML: a signed-out visitor does not ask for it again (a signed-in
        // one does, once, for their own view of it).
        if (who === 'signed out') expect(requests.filter((r) => r === '/api/hackathons/username/monsoon-build' || r === '/api/events/username/rust-evening' || r === '/api/users/username/org_kavya'), path).toEqual([]);
      }
      expect(errors).toEqual([]);
    }
    await context.close();
  });

  it("keeps what a visitor typed into the server's sign-in form before its code arrived, and signs them in with it", { timeout: 60_000 }, async () => {
    const context = await journey.browser.newContext();
    const page = await context.newPage();
    // The page's code is held until the visitor has typed (a slow network), however slow the machine is.
    let typed = () => {};
    const codeMayArrive = new Promise<void>((resolve) => (typed = resolve));
    await page.route('**/assets/*.js', async (route) => {
      await codeMayArrive;
      await route.continue();
    });
    // The page's own goto: the journeys' one waits for hydration, and this test types before it.
    // Only until the HTML arrives: the page's load waits for the code held above.
    await (Object.getPrototypeOf(page) as Page).goto.call(page, `${journey.base}/login`, { waitUntil: 'commit' });
    await page.getByLabel('Email or username').fill('org_kavya');
    await page.getByLabel('Password', { exact: true }).fill('secret123');
    expect(await page.evaluate(() => document.documentElement.hasAttribute('data-hydrated'))).toBe(false);
    typed();
    await page.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'));
    expect(await page.getByLabel('Email or username').inputValue()).toBe('org_kavya');
    await page.getByRole('button', { name: 'Sign in', exact: true }).last().click();
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await context.close();
  });

  it('fills in the signed-in parts after hydration: the header knows the visitor', { timeout: 60_000 }, async () => {
    const page = visitor.page;
    await page.goto(`${journey.base}/hackathons/monsoon-build`);
    await page.getByRole('button', { name: 'Open profile menu' }).waitFor();
    await page.getByRole('heading', { name: 'Monsoon Build', level: 1 }).waitFor();
  });
});
