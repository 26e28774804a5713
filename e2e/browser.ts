import fs from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';

/**
 * Debian's old headless shell when it is installed (`apt-get install chromium-headless-shell`, as CI does), else
 * Debian's Chromium. The shell is the same Blink without the browser around it: the journeys took about 30 %
 * less of the CPU in it, and the suite is bound by the CPU (docs/testing.md#where-the-suites-time-goes).
 */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((p) => fs.existsSync(p)) ?? '/usr/bin/chromium';

/** Why browser journeys cannot run here, or undefined when they can. */
export function browserUnavailableReason(): string | undefined {
  const reason = !fs.existsSync(CHROMIUM)
    ? `no Chromium at ${CHROMIUM} (apt-get install chromium)`
    : !fs.existsSync(new URL('../public-web/dist/index.html', import.meta.url))
      ? 'public-web is not built (npm run build:web)'
      : undefined;
  if (reason) console.warn(`Browser journey skipped: ${reason}`);
  return reason;
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    // Flags for a sandboxed root user on a machine without outside network.
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'],
  });
}

/**
 * React's complaints about a server-rendered page it could not take over as it was (a text or attribute that
 * differs between the server's HTML and the browser's first render). In a production build they are the
 * minified errors 418 to 425; in development, messages that name hydration.
 */
const HYDRATION_PROBLEM = /hydrat|Minified React error #(418|419|420|421|422|423|424|425)\b/i;

/**
 * Records every hydration problem and uncaught error of every page of every context the browser opens from
 * now on, for the journey to fail on when it closes: the public pages are rendered on the server, and a
 * journey that passes while React throws the server's HTML away would hide it.
 */
export function watchHydration(browser: Browser): string[] {
  const problems: string[] = [];
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (...args: Parameters<Browser['newContext']>) => {
    const context = await newContext(...args);
    // Without JavaScript nothing is hydrated: the page as the server sent it is the page.
    if (args[0]?.javaScriptEnabled !== false) {
      const newPage = context.newPage.bind(context);
      context.newPage = async () => waitForHydrationOnNavigation(await newPage());
    }
    context.on('console', (message) => {
      if ((message.type() === 'error' || message.type() === 'warning') && HYDRATION_PROBLEM.test(message.text())) problems.push(`${message.page()?.url() ?? ''}: ${message.text()}`);
    });
    context.on('weberror', (error) => {
      if (HYDRATION_PROBLEM.test(error.error().message)) problems.push(`${error.page()?.url() ?? ''}: ${error.error().message}`);
    });
    return context;
  };
  return problems;
}

/** On a server-rendered page until React has taken it over (public-web/src/main.tsx marks <html>); on any other page at once. */
const hydratedOrClientRendered = () => !document.documentElement.hasAttribute('data-ssr') || document.documentElement.hasAttribute('data-hydrated');

/**
 * A server-rendered page shows before its code has run (early.js asks for the code once the page has loaded);
 * a journey acting in that moment would click a button that does nothing yet. So a navigation of the journey
 * ends when the page is hydrated, as a visitor's first tap does (early.js starts the code on it).
 */
function waitForHydrationOnNavigation(page: Page): Page {
  for (const name of ['goto', 'reload', 'goBack', 'goForward'] as const) {
    const navigate = page[name].bind(page) as (...args: unknown[]) => ReturnType<Page['reload']>;
    Object.assign(page, {
      [name]: async (...args: unknown[]) => {
        const response = await navigate(...args);
        // Polled, not checked at each animation frame: a page asked for frames draws them, and a drawn frame of a
        // 1366 px page costs Chromium's compositor about 10 ms of the CPU the suite is short of.
        await page.waitForFunction(hydratedOrClientRendered, undefined, { timeout: 20_000, polling: 50 });
        return response;
      },
    });
  }
  return page;
}
