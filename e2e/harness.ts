import type { Browser, BrowserContext, Page } from 'playwright-core';
import { loadConfig } from '@circuit/shared/config';
import { composeEmbedded, type Embedded } from '@circuit/embedded/compose';
import { composedPglite } from '@circuit/embedded/testing/composed-database';
import { hackathonFormFixture } from '@circuit/command-service/hackathons/hackathon-form-fixture';
import { HackathonFormSchema } from '@circuit/shared/validation/hackathons';
import { launchBrowser, watchHydration } from './browser';

/** The embedded app on an in-memory database and a free port, with a Chromium to drive it. */
export interface Journey {
  circuit: Embedded;
  browser: Browser;
  base: string;
  /** A verified account created through the command side, signed in (through the API) in its own browser context, on a blank page. */
  signedIn(username: string, firstName: string, lastName?: string): Promise<{ page: Page; id: string }>;
  /** A hackathon of `organiserId`, approved by the journey's moderator: the test fixture's form with `fields` over it. */
  approvedHackathon(organiserId: string, fields: Record<string, unknown>): Promise<string>;
  close(): Promise<void>;
}

export async function startJourney(): Promise<Journey> {
  const config = loadConfig({ NODE_ENV: 'test', SEED: 'false', PORT: '0', LOG_LEVEL: 'silent' });
  const circuit = await composeEmbedded({ config, knex: await composedPglite() });
  const base = `http://localhost:${await circuit.listen(0)}`;
  const browser = await launchBrowser();
  const hydrationProblems = watchHydration(browser);
  const contexts: BrowserContext[] = [];
  let moderator: Promise<string> | undefined;
  const moderatorId = () =>
    (moderator ??= circuit.commands.accounts
      .register({ username: 'journey_mod', email: 'journey_mod@example.test', password: 'secret123', firstName: 'Jo', lastName: 'Moderator', role: 'moderator', emailVerified: true }, {})
      .then((account) => account.userId));

  return {
    circuit,
    browser,
    base,
    async signedIn(username, firstName, lastName = 'Tester') {
      const { userId } = await circuit.commands.accounts.register(
        { username, email: `${username}@example.test`, password: 'secret123', firstName, lastName, emailVerified: true },
        {},
      );
      const context = await browser.newContext();
      contexts.push(context);
      // The session cookie lands in the context. The form itself is the accounts and first-impressions
      // journeys' to drive: opening it for every person of every journey took a second each.
      const login = await context.request.post(`${base}/api/auth/login`, { data: { identifier: username, password: 'secret123' } });
      if (!login.ok()) throw new Error(`${username} could not sign in: ${login.status()} ${await login.text()}`);
      // A blank page: each journey opens the screen it starts on, and loading the dashboard first for each of
      // some 40 people cost a second of the browser's work apiece.
      return { page: await context.newPage(), id: userId };
    },
    async approvedHackathon(organiserId, fields) {
      const { hackathonId } = await circuit.commands.hackathons.create(organiserId, HackathonFormSchema.parse(hackathonFormFixture(new Date(), fields)), {});
      await circuit.commands.hackathons.approve(await moderatorId(), hackathonId, {});
      return hackathonId;
    },
    async close() {
      for (const c of contexts) await c.close();
      await browser.close();
      await circuit.stop();
      await circuit.knex.destroy();
      if (hydrationProblems.length > 0) throw new Error(`React could not hydrate server-rendered pages:\n${hydrationProblems.join('\n')}`);
    },
  };
}
