import type { BrowserContext, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './axe';
import { browserUnavailableReason } from './browser';
import { startJourney, type Journey } from './harness';

const skipReason = browserUnavailableReason();
const DESKTOP = { width: 1366, height: 800 };
const PHONE = { width: 390, height: 844 };

/** Console errors and uncaught exceptions of a page, as they happen. */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(`${page.url()}: ${msg.text()}`);
  });
  page.on('pageerror', (err) => errors.push(`${page.url()}: ${err.message}`));
  return errors;
}

/**
 * The requests of a page whose address contains `part`, in order, each as one line: when it was sent (ms after
 * the watch began), its resource type, who sent it (its initiator's stack from Chromium's DevTools protocol,
 * across awaits: file and function of each frame; early.js, or the app's loader chunk or a screen's query), and
 * how it ended (status and duration, or the network error). A count that is not the expected one then says
 * which request came when, from where, and why.
 */
async function watchRequests(page: Page, part: string): Promise<() => string[]> {
  const started = performance.now();
  const at = () => Math.round(performance.now() - started);
  const initiators: string[] = [];
  const cdp = await page.context().newCDPSession(page);
  cdp.on('Network.requestWillBeSent', ({ request, initiator }) => {
    if (!request.url.includes(part)) return;
    const frames: string[] = [];
    for (let stack = initiator.stack; stack; stack = stack.parent) {
      for (const f of stack.callFrames) frames.push(`${new URL(f.url).pathname.replace(/^\/assets\//, '')} ${f.functionName || '?'}`);
      if (stack.parent) frames.push(`(${stack.parent.description ?? 'async'})`);
    }
    initiators.push(`${initiator.type}: ${frames.slice(0, 16).join(' < ')}`);
  });
  await cdp.send('Network.enable');
  // Stacks across awaits and promise callbacks: a loader's request starts after its chunk's import.
  await cdp.send('Debugger.enable');
  await cdp.send('Debugger.setAsyncCallStackDepth', { maxDepth: 8 });
  const requests: { request: Request; at: number; outcome?: string }[] = [];
  page.on('request', (request) => void (request.url().includes(part) && requests.push({ request, at: at() })));
  const ended = (request: Request, outcome: string) => {
    const entry = requests.find((r) => r.request === request);
    if (entry) entry.outcome = `${outcome} after ${at() - entry.at} ms`;
  };
  page.on('requestfinished', (request) => void request.response().then((response) => ended(request, `answered ${response?.status() ?? '?'}`)));
  page.on('requestfailed', (request) => ended(request, `failed (${request.failure()?.errorText ?? '?'})`));
  return () =>
    requests.map(({ request, at: sentAt, outcome }, i) => {
      const kind = `${request.method()} ${request.resourceType()}${request.isNavigationRequest() ? ' (navigation)' : ''}`;
      return `#${i + 1} at ${sentAt} ms: ${kind}, by ${initiators[i] ?? '?'}: ${outcome ?? 'pending'}`;
    });
}

/** Same-site paths of the links inside `selector`. */
async function linksIn(page: Page, selector: string): Promise<string[]> {
  return page.$$eval(`${selector} a[href]`, (anchors) =>
    anchors.map((a) => new URL((a as HTMLAnchorElement).href)).filter((u) => u.origin === location.origin).map((u) => `${u.pathname}${u.search}`),
  );
}

/** Every link of the header, its menus (desktop) and the mobile menu (phone), and the footer, from the home page. */
async function shellLinks(page: Page, base: string, signedIn: boolean): Promise<string[]> {
  const found = new Set<string>();
  await page.setViewportSize(DESKTOP);
  await page.goto(`${base}/`);
  await page.locator('footer').waitFor();
  if (signedIn) await page.getByRole('button', { name: 'Open profile menu' }).waitFor();
  else await page.getByRole('link', { name: 'Sign up' }).first().waitFor();
  for (const path of await linksIn(page, 'header')) found.add(path);
  for (const path of await linksIn(page, 'footer')) found.add(path);
  if (signedIn) {
    for (const name of [/Host & Promote/, /Open profile menu/]) {
      await page.getByRole('button', { name }).click();
      await page.getByRole('menu').waitFor();
      for (const path of await linksIn(page, '[role="menu"]')) found.add(path);
      await page.keyboard.press('Escape');
    }
  }
  await page.setViewportSize(PHONE);
  await page.getByRole('button', { name: 'Main menu' }).click();
  await page.locator('#mobile-menu').waitFor();
  for (const path of await linksIn(page, '#mobile-menu')) found.add(path);
  await page.setViewportSize(DESKTOP);
  return [...found].sort();
}

/** Visits each path; returns those that showed the not-found page. */
async function deadEnds(page: Page, base: string, paths: string[]): Promise<string[]> {
  const dead: string[] = [];
  for (const path of paths) {
    await page.goto(`${base}${path}`);
    await page.locator('main h1').first().waitFor();
    if (await page.getByRole('heading', { name: /Oops! Page Not Found|coming soon/i }).count()) dead.push(path);
  }
  return dead;
}

describe.skipIf(Boolean(skipReason))(`first impressions in Chromium${skipReason ? ` (skipped: ${skipReason})` : ''}`, () => {
  let journey: Journey;
  let visitor: BrowserContext;
  let ada: Page;
  let adaErrors: string[];
  let ids: { ada: string; ben: string };

  beforeAll(async () => {
    journey = await startJourney();
    visitor = await journey.browser.newContext({ viewport: DESKTOP });
    const first = await journey.signedIn('ada_first', 'Ada', 'Lovelace');
    ada = first.page;
    adaErrors = watchErrors(ada);
    ids = { ada: first.id, ben: (await journey.signedIn('ben_first', 'Ben')).id };
  });

  afterAll(async () => {
    await visitor?.close();
    await journey?.close();
  });

  it('signed out: every header, mobile-menu and footer link leads to a real page, with no console error', { timeout: 120_000 }, async () => {
    const page = await visitor.newPage();
    const errors = watchErrors(page);
    const links = await shellLinks(page, journey.base, false);
    expect(links).toEqual(expect.arrayContaining(['/login', '/signup', '/hackathons', '/events', '/quizzes', '/about', '/help', '/contact', '/privacy', '/terms', '/create']));
    expect(await deadEnds(page, journey.base, links)).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('signed in: every header, menu, mobile-menu and footer link leads to a real page, with no console error', { timeout: 120_000 }, async () => {
    const links = await shellLinks(ada, journey.base, true);
    expect(links).toEqual(
      expect.arrayContaining(['/user-dashboard', '/dashboard', '/saved', '/profile', '/messages', '/notifications', '/search', '/create-hackathon', '/create-event', '/create-quiz']),
    );
    expect(await deadEnds(ada, journey.base, links)).toEqual([]);
    expect(adaErrors).toEqual([]);
  });

  it("the footer's Create offers the three create forms and the dashboard; a missing listing's not-found page names the address opened", { timeout: 120_000 }, async () => {
    await ada.setViewportSize(DESKTOP);
    await ada.goto(`${journey.base}/`);
    await ada.locator('footer').getByRole('link', { name: 'Create', exact: true }).click();
    await ada.waitForURL(`${journey.base}/create`);
    await ada.getByRole('heading', { name: 'What would you like to create?', level: 1 }).waitFor();
    expect(await linksIn(ada, 'main')).toEqual(['/create-hackathon', '/create-event', '/create-quiz', '/dashboard']);
    expect(await ada.getByText(/coming soon/i).count()).toBe(0);
    expect(await seriousViolations(ada)).toEqual([]);

    for (const path of ['/events/no-such-event', '/hackathons/no-such-hackathon']) {
      await ada.goto(`${journey.base}${path}`);
      await ada.waitForURL(`${journey.base}/404`);
      await ada.getByRole('heading', { name: 'Oops! Page Not Found' }).waitFor();
      expect(await ada.locator('main code').textContent()).toBe(path);
    }
    // What the coming-soon page caught is now simply not found, under its own address.
    await ada.goto(`${journey.base}/events/no-such-event/extra`);
    await ada.getByRole('heading', { name: 'Oops! Page Not Found' }).waitFor();
    expect(await ada.locator('main code').textContent()).toBe('/events/no-such-event/extra');
  });

  it('the dashboards show their tabs with counts and empty states', { timeout: 120_000 }, async () => {
    await ada.goto(`${journey.base}/dashboard`);
    await ada.getByRole('heading', { name: 'Dashboard', exact: true }).waitFor();
    await ada.getByText('Manage your hackathons and events').waitFor();
    await ada.getByRole('tab', { name: /Hackathons\s*0/ }).waitFor();
    await ada.getByText('No hackathons yet').waitFor();
    await ada.getByRole('tab', { name: /Quizzes/ }).click();
    await ada.getByText('No quizzes yet').waitFor();
    await ada.goto(`${journey.base}/user-dashboard`);
    await ada.getByRole('heading', { name: 'My Dashboard' }).waitFor();
    await ada.getByRole('tab', { name: 'Saved Items' }).click();
    await ada.getByText('No saved hackathons yet.').waitFor();
  });

  it('"Sign in to connect" on a profile comes back to that profile; /login while signed in goes to the dashboard', { timeout: 120_000 }, async () => {
    const page = await visitor.newPage();
    await page.goto(`${journey.base}/in/ben_first`);
    await page.getByRole('link', { name: 'Sign in to connect' }).click();
    await page.waitForURL(/\/login\?returnTo=/);
    await page.getByLabel('Email or username').fill('ada_first');
    await page.getByLabel('Password', { exact: true }).fill('secret123');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(`${journey.base}/in/ben_first`);
    await page.getByRole('button', { name: 'Connect', exact: true }).waitFor();

    await page.goto(`${journey.base}/login`);
    await page.waitForURL(`${journey.base}/dashboard`);
    // Signing out again keeps the visitor's context signed out for the other tests.
    await page.evaluate(() => fetch('/api/auth/logout', { method: 'POST', headers: { 'Content-Type': 'application/json' } }));
    await page.close();
  });

  it('a protected page opened signed out asks to sign in and comes back to it', { timeout: 120_000 }, async () => {
    const page = await visitor.newPage();
    await page.goto(`${journey.base}/saved`);
    await page.waitForURL(/\/login\?returnTo=%2Fsaved/);
    await page.getByLabel('Email or username').fill('ben_first');
    await page.getByLabel('Password', { exact: true }).fill('secret123');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(`${journey.base}/saved`);
    await page.evaluate(() => fetch('/api/auth/logout', { method: 'POST', headers: { 'Content-Type': 'application/json' } }));
    await page.close();
  });

  it('sign-up: "Back to signup" and a corrected e-mail keep the username', { timeout: 120_000 }, async () => {
    const page = await visitor.newPage();
    await page.goto(`${journey.base}/signup`);
    const fill = async (email: string) => {
      await page.getByLabel('First name').fill('Grace');
      await page.getByLabel('Last name').fill('Hopper');
      await page.getByLabel('Username').fill('grace_first');
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password', { exact: true }).fill('secret123');
      await page.getByLabel('Confirm password').fill('secret123');
      const terms = page.getByRole('checkbox');
      if (!(await terms.isChecked())) await terms.check();
      await page.getByRole('button', { name: /Create account|Sign up/ }).click();
    };
    await fill('grace@typo.test');
    await page.getByRole('button', { name: 'Back to signup' }).click();
    await fill('grace@example.test');
    await page.getByText('grace@example.test').waitFor();
    expect(await page.getByText('Username is already taken').count()).toBe(0);
    await page.close();
  });

  it('the not-found page offers Login only when signed out, and Go Back without history goes home', { timeout: 120_000 }, async () => {
    await ada.goto(`${journey.base}/no/such/page`);
    await ada.getByRole('heading', { name: 'Oops! Page Not Found' }).waitFor();
    // The header's own signed-in controls show the session is known before the shortcuts are counted.
    await ada.getByRole('link', { name: /messages/i }).first().waitFor();
    expect(await ada.getByRole('link', { name: 'Login' }).count()).toBe(0);
    await ada.getByRole('button', { name: 'Go Back' }).click();
    await ada.waitForURL(`${journey.base}/`);

    const page = await visitor.newPage();
    await page.goto(`${journey.base}/404`);
    await page.getByRole('link', { name: 'Login' }).waitFor();

    // A hackathon that does not exist: asked for once (by early.js, or by the app when its cached code runs first:
    // by the route's loader, or by the screen when its code arrives before the loader's, which then does not ask
    // again), then the not-found page. Each request is listed with who sent it and how it ended.
    const asked = await watchRequests(page, '/api/hackathons/username/no-such-hackathon');
    await page.goto(`${journey.base}/hackathons/no-such-hackathon`);
    await page.waitForURL(`${journey.base}/404`);
    await page.getByRole('heading', { name: 'Oops! Page Not Found' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(asked()).toHaveLength(1);
    await page.close();
  });

  it('axe finds no serious or critical violation on the signed-in screens, the public profile and the sign-in pages', { timeout: 240_000 }, async () => {
    const violations: string[] = [];
    const screens: [string, string][] = [
      ['/profile', 'My Profile'],
      ['/messages', 'Messages'],
      ['/search', 'Search'],
      ['/notifications', 'Notifications'],
      ['/in/ben_first', 'Ben Tester'],
      ['/dashboard', 'Dashboard'],
      ['/user-dashboard', 'My Dashboard'],
    ];
    for (const [path, heading] of screens) {
      await ada.goto(`${journey.base}${path}`);
      await ada.getByRole('heading', { name: heading }).first().waitFor();
      await ada.waitForLoadState('networkidle');
      violations.push(...(await seriousViolations(ada)));
    }
    // A conversation selected in the list (its row's contrast was once too low).
    const { circuit } = journey;
    await circuit.commands.social.act('RequestConnection', ids.ada, ids.ben, {});
    await circuit.commands.social.act('AcceptConnection', ids.ben, ids.ada, {});
    await circuit.commands.messaging.send({ from: ids.ben, to: ids.ada, text: 'Welcome to Circuit!' }, {});
    await ada.goto(`${journey.base}/messages`);
    await ada.getByRole('button', { name: /Ben Tester/ }).first().click();
    await ada.getByText('Welcome to Circuit!').last().waitFor();
    violations.push(...(await seriousViolations(ada)));

    const page = await visitor.newPage();
    for (const path of ['/', '/login', '/signup', '/in/ben_first', '/terms', '/hackathons', '/404']) {
      await page.goto(`${journey.base}${path}`);
      await page.locator('main h1').first().waitFor();
      await page.waitForLoadState('networkidle');
      violations.push(...(await seriousViolations(page)));
    }
    await page.close();
    expect(violations).toEqual([]);
  });
});
