import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './axe';
import { browserUnavailableReason } from './browser';
import { shootBothWidths } from './shots';
import { startJourney, type Journey } from './harness';

const skipReason = browserUnavailableReason();
const DAY = 86_400_000;

type Person = { page: Page; id: string };

/** A JSON request in the person's own browser session (cookies included); answers status and body. */
async function call(person: Person, method: 'GET' | 'PUT' | 'POST', url: string, data?: unknown) {
  const response = await person.page.request.fetch(url, { method, data, headers: { 'Content-Type': 'application/json' } });
  return { status: response.status(), body: (await response.json().catch(() => null)) as { message?: string; data?: unknown } | null };
}

/**
 * Issue 34's acceptance 1 in Chromium, as far as the browser goes: two teams' submitted projects,
 * two judges (one of them a member of a team), the organiser assigns, judge A scores in the
 * browser, judge B never sees their own team's project and is refused it over HTTP, the organiser
 * compares the three rankings, replays them and publishes winners; a participant is notified and
 * the gallery marks the winner.
 */
describe.skipIf(Boolean(skipReason))(`hackathon judging in Chromium${skipReason ? ` (skipped: ${skipReason})` : ''}`, () => {
  let journey: Journey;
  let organiser: Person;
  let judy: Person;
  let jay: Person;
  let asha: Person;
  let carol: Person;
  let hackathonId = '';
  let lantern = '';
  let tide = '';
  const errors: string[] = [];
  const console_ = () => `${journey.base}/hackathons/harbour-hack/judging/manage`;
  const api = (rest: string) => `${journey.base}/api/hackathons/${hackathonId}${rest}`;

  beforeAll(async () => {
    journey = await startJourney();
    const c = journey.circuit.commands;
    organiser = await journey.signedIn('org_olga', 'Olga', 'Organiser');
    judy = await journey.signedIn('judy_a', 'Judy', 'Arora');
    jay = await journey.signedIn('jay_b', 'Jay', 'Bose');
    asha = await journey.signedIn('asha_c', 'Asha', 'Chandran');
    carol = await journey.signedIn('carol_d', 'Carol', 'Dsouza');
    const { userId: danId } = await c.accounts.register({ username: 'dan_e', email: 'dan@example.test', password: 'secret123', firstName: 'Dan', lastName: 'Eapen', emailVerified: true }, {});
    for (const p of [organiser, judy, jay, asha, carol]) p.page.on('console', (m) => m.type() === 'error' && errors.push(`${p.page.url()}: ${m.text()}`));

    const at = (days: number) => new Date(Date.now() + days * DAY).toISOString();
    hackathonId = await journey.approvedHackathon(organiser.id, {
      username: 'harbour-hack',
      title: 'Harbour Hack',
      shortDescription: 'Apps for the harbour.',
      description: '<p>Build for the harbour.</p>',
      organization: { name: 'Kochi Devs' },
      location: { type: 'online', country: 'India', state: 'Kerala' },
      dates: { registrationDeadline: at(5), startDate: at(7), endDate: at(9) },
      takeRegistrations: true,
    });

    // Two complete teams: Asha with Jay (who is also a judge), Carol with Dan.
    for (const id of [asha.id, jay.id, carol.id, danId]) await c.registrations.register(id, hackathonId, {}, {});
    const team = async (lead: string, member: string, name: string) => {
      const teamId = await c.registrations.createTeam(lead, hackathonId, name, {});
      const row = (await journey.circuit.knex('hackathon_teams').where({ id: teamId }).first('code')) as { code: string };
      await c.registrations.joinTeam(member, hackathonId, row.code, {});
      await c.registrations.submitTeam(lead, hackathonId, teamId, {});
      return teamId;
    };
    lantern = await team(asha.id, jay.id, 'Team Lantern');
    tide = await team(carol.id, danId, 'Team Tide');

    // The organiser's setup over HTTP: one track, two criteria, the community vote open, every judge every project.
    const setup = {
      tracks: [{ name: 'Fisheries', description: '' }],
      criteria: [
        { name: 'Impact', description: 'Who it helps, and how much', weight: 2, scale: 5 },
        { name: 'Craft', description: 'How well it is built', weight: 1, scale: 10 },
      ],
      galleryOpen: true,
      voting: { enabled: true, opensAt: at(-1), closesAt: at(3), perTrack: false },
      assignment: { mode: 'all', judgesPerProject: 2, trackJudges: {} },
    };
    expect((await call(organiser, 'PUT', api('/judging'), setup)).status).toBeLessThan(300);
    const judging = await call(organiser, 'GET', api('/judging'));
    const trackId = (judging.body?.data as { tracks: { id: string }[] }).tracks[0]!.id;
    for (const username of ['judy_a', 'jay_b']) expect((await call(organiser, 'POST', api('/judges'), { username })).status).toBeLessThan(300);

    // Each team submits its project (with a video link) through the command service's API.
    const submit = async (p: Person, title: string, tagline: string) => {
      const draft = await call(p, 'PUT', api('/project'), { title, tagline, description: `<p>${tagline}</p>`, builtWith: ['TypeScript'], links: { repository: 'https://github.com/example/x', demo: '', video: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' }, trackIds: [trackId] });
      expect([draft.status, draft.body?.message]).toEqual([200, expect.any(String)]);
      expect((await call(p, 'POST', api('/project/submit'), {})).status).toBeLessThan(300);
    };
    await submit(asha, 'Lantern', 'Night fishing boats find each other');
    await submit(carol, 'Tide Table', 'Tides for every jetty');
    // A community vote, so the votes section has totals.
    expect((await call(asha, 'PUT', api(`/projects/${tide}/vote`), { trackId: null })).status).toBeLessThan(300);
  }, 180_000);

  afterAll(async () => journey?.close());

  it('the organiser opens the console from the hackathon page and assigns the projects', { timeout: 120_000 }, async () => {
    const page = organiser.page;
    await page.goto(`${journey.base}/hackathons/harbour-hack`);
    await page.getByRole('link', { name: 'Judging', exact: true }).click();
    await page.waitForURL(console_());
    await page.getByRole('heading', { name: 'Judging', level: 1 }).waitFor();
    await page.getByLabel('Criterion 1 name').waitFor();
    expect(await page.getByLabel('Criterion 1 name').inputValue()).toBe('Impact');
    await shootBothWidths(page, 'console-setup');

    await page.getByRole('tab', { name: 'Judges' }).click();
    const judges = page.getByRole('list', { name: 'Judges' });
    await judges.getByRole('button', { name: 'Remove Judy Arora' }).waitFor();
    await judges.getByRole('button', { name: 'Remove Jay Bose' }).waitFor();
    // An invitation by e-mail waits for sign-up.
    await page.getByLabel('Username or e-mail').fill('mentor@example.test');
    await page.getByRole('button', { name: 'Invite judge' }).click();
    await judges.getByText('Invitation pending').waitFor();
    await page.getByRole('button', { name: 'Assign', exact: true }).click();
    await page.getByText('Projects assigned').waitFor();
    const perJudge = page.getByRole('table', { name: 'Projects per judge' });
    await perJudge.getByRole('row', { name: 'Judy Arora 2' }).waitFor();
    // Jay is a member of Team Lantern: only Tide Table is his.
    await perJudge.getByRole('row', { name: 'Jay Bose 1' }).waitFor();
    await shootBothWidths(page, 'console-judges');
  });

  it('judge A scores a project in the browser, with the keyboard, and it is saved as it is filled in', { timeout: 120_000 }, async () => {
    const page = judy.page;
    // A judge finds the scoring screen from the hackathon's page.
    await page.goto(`${journey.base}/hackathons/harbour-hack`);
    await page.getByRole('link', { name: 'Judge projects' }).click();
    await page.waitForURL(`${journey.base}/hackathons/harbour-hack/judging`);
    await page.getByRole('heading', { name: 'Judging', level: 1 }).waitFor();
    const lanternSheet = page.getByRole('region', { name: 'Lantern' });
    await lanternSheet.waitFor();
    await page.getByRole('region', { name: 'Tide Table' }).waitFor();
    expect(await lanternSheet.getByRole('link', { name: 'Open project Lantern' }).getAttribute('href')).toBe(`/hackathons/harbour-hack/projects/${lantern}`);

    const impact = lanternSheet.getByRole('group', { name: /Impact/ });
    await impact.getByRole('radio', { name: '3 of 5' }).check({ force: true });
    // The arrow keys move along the scale.
    await page.keyboard.press('ArrowRight');
    expect(await impact.getByRole('radio', { name: '4 of 5' }).isChecked()).toBe(true);
    await lanternSheet.getByRole('group', { name: /Craft/ }).getByRole('radio', { name: '8 of 10' }).check({ force: true });
    await lanternSheet.getByLabel('Private note').fill('Strong demo; battery use unclear.');
    await lanternSheet.getByText('Saved').waitFor();
    await page.getByText('2 of 4 scores given').waitFor();

    const tideSheet = page.getByRole('region', { name: 'Tide Table' });
    await tideSheet.getByRole('group', { name: /Impact/ }).getByRole('radio', { name: '3 of 5' }).check({ force: true });
    await tideSheet.getByRole('group', { name: /Craft/ }).getByRole('radio', { name: '9 of 10' }).check({ force: true });
    await tideSheet.getByText('Saved').waitFor();
    await page.getByText('2 of 2 projects complete').waitFor();

    // What was saved is what the server now holds (a reload shows it).
    await page.reload();
    await page.getByRole('region', { name: 'Lantern' }).getByRole('group', { name: /Impact/ }).getByRole('radio', { name: '4 of 5' }).waitFor();
    expect(await page.getByRole('region', { name: 'Lantern' }).getByRole('group', { name: /Impact/ }).getByRole('radio', { name: '4 of 5' }).isChecked()).toBe(true);
    expect(await page.getByRole('region', { name: 'Lantern' }).getByLabel('Private note').inputValue()).toBe('Strong demo; battery use unclear.');
    await shootBothWidths(page, 'judge-screen');
  });

  it('judge B does not see their own team’s project and is refused it over HTTP', { timeout: 120_000 }, async () => {
    const page = jay.page;
    await page.goto(`${journey.base}/hackathons/harbour-hack/judging`);
    await page.getByRole('region', { name: 'Tide Table' }).waitFor();
    expect(await page.getByRole('region', { name: 'Lantern' }).count()).toBe(0);
    const criteria = (await call(jay, 'GET', api('/judge/assignments'))).body?.data as { criteria: { id: string }[]; projects: { projectId: string }[] };
    expect(criteria.projects.map((p) => p.projectId)).toEqual([tide]);
    const refused = await call(jay, 'PUT', api(`/projects/${lantern}/scores`), { criterionId: criteria.criteria[0]!.id, value: 5 });
    expect([refused.status, refused.body?.message]).toEqual([expect.any(Number), 'You cannot judge a project of your own team.']);
    expect(refused.status).toBeGreaterThanOrEqual(400);
    // Jay scores the project he may judge, so the rankings have two judges.
    const sheet = page.getByRole('region', { name: 'Tide Table' });
    await sheet.getByRole('group', { name: /Impact/ }).getByRole('radio', { name: '5 of 5' }).check({ force: true });
    await sheet.getByRole('group', { name: /Craft/ }).getByRole('radio', { name: '2 of 10' }).check({ force: true });
    await sheet.getByText('Saved').waitFor();
  });

  it('the organiser compares the three rankings, replays them, sees the votes and publishes winners', { timeout: 120_000 }, async () => {
    const page = organiser.page;
    await page.goto(`${console_()}?tab=rankings`);
    const overall = page.getByRole('table', { name: /places under the three normalisations/ }).first();
    await overall.waitFor();
    for (const column of ['Raw mean', 'Per-judge z-score', 'Trimmed mean']) await overall.getByRole('columnheader', { name: column }).waitFor();
    await overall.getByRole('rowheader', { name: 'Lantern' }).waitFor();
    await page.getByText('Now: 6 scores from 2 judges.').waitFor();
    await shootBothWidths(page, 'console-rankings');
    // Replay: before any score was given, nobody is ranked.
    await page.getByLabel('Standings at').fill('2020-01-01T10:00');
    await page.getByRole('button', { name: 'Replay' }).click();
    await page.getByText(/As it stood .*: 0 score events/).waitFor();
    await page.getByRole('button', { name: 'Back to now' }).click();
    await page.getByText('Now: 6 scores from 2 judges.').waitFor();

    await page.getByRole('tab', { name: 'Votes' }).click();
    await page.getByRole('table', { name: 'Votes per project' }).getByRole('rowheader', { name: 'Tide Table' }).waitFor();
    await shootBothWidths(page, 'console-votes');

    await page.getByRole('tab', { name: 'Publish winners' }).click();
    await page.getByLabel('Project').selectOption({ label: 'Lantern' });
    await page.getByRole('button', { name: 'Add prize' }).click();
    await page.getByLabel('Prize 2').fill('Fisheries prize');
    await page.getByLabel('Track').nth(1).selectOption({ label: 'Fisheries' });
    await page.getByLabel('Place').nth(1).fill('1');
    await page.getByLabel('Project').nth(1).selectOption({ label: 'Tide Table' });
    await shootBothWidths(page, 'console-publish');
    await page.getByRole('button', { name: 'Publish winners' }).click();
    const dialog = page.getByRole('dialog', { name: 'Publish these winners?' });
    await dialog.getByRole('button', { name: 'Publish' }).click();
    await page.getByRole('heading', { name: 'Winners published' }).waitFor();
    await page.getByRole('list', { name: 'Winners' }).getByText('Lantern').waitFor();
    await shootBothWidths(page, 'console-published');
  });

  it('a participant is notified and the gallery marks the winners', { timeout: 120_000 }, async () => {
    const page = carol.page;
    await page.goto(`${journey.base}/notifications`);
    await page.getByText(/Harbour Hack/).first().waitFor();
    const gallery = (await call(carol, 'GET', api('/projects'))).body?.data as { projects: { id: string; awards: { prize: string; place: number }[] }[] };
    const awards = Object.fromEntries(gallery.projects.map((p) => [p.id, p.awards.map((a) => a.prize)]));
    expect(awards).toEqual({ [lantern]: ['1st place'], [tide]: ['Fisheries prize'] });
    expect(errors).toEqual([]);
  });

  it('fits a 390 px phone without scrolling sideways, and axe finds no serious violation', { timeout: 180_000 }, async () => {
    const violations: string[] = [];
    const wide = async (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);
    const screens: [Page, string][] = [
      ...['setup', 'judges', 'rankings', 'votes', 'publish'].map((tab): [Page, string] => [organiser.page, `${console_()}?tab=${tab}`]),
      [judy.page, `${journey.base}/hackathons/harbour-hack/judging`],
    ];
    for (const [page, address] of screens) {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(address);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.waitForLoadState('networkidle');
      expect([address, await wide(page)]).toEqual([address, 390]);
      violations.push(...(await seriousViolations(page)));
    }
    expect(violations).toEqual([]);
    expect(errors).toEqual([]);
    // Someone else gets the app's usual not-allowed state (the browser logs the 403 it answered).
    await judy.page.goto(console_());
    await judy.page.getByRole('heading', { name: 'You are not authorized to manage this hackathon' }).waitFor();
    expect(await seriousViolations(judy.page)).toEqual([]);
    await shootBothWidths(judy.page, 'console-not-allowed');
  });
});
