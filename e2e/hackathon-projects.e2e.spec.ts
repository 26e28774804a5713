import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './axe';
import { browserUnavailableReason } from './browser';
import { startJourney, type Journey } from './harness';
import { shootBothWidths } from './shots';

const skipReason = browserUnavailableReason();
const DAY = 86_400_000;

/** Console errors and uncaught exceptions of a page (a 401 of a signed-out session check is the ordinary answer). */
function watchErrors(page: Page, errors: string[]) {
  page.on('console', (m) => m.type() === 'error' && !/status of 401/.test(m.text()) && errors.push(`${page.url()}: ${m.text()}`));
  page.on('pageerror', (e) => errors.push(`${page.url()}: ${e.message}`));
}

/** A real PNG of a colour and a word, drawn by the browser. */
async function picture(page: Page, colour: string, word: string): Promise<Buffer> {
  const drawing = await page.context().newPage();
  await drawing.setContent(`<div style="width:640px;height:360px;background:${colour};color:white;font:bold 64px sans-serif;display:flex;align-items:center;justify-content:center">${word}</div>`);
  const png = await drawing.locator('div').screenshot();
  await drawing.close();
  return png;
}

/** Issue 34, the participant's side: a team saves a draft, adds a video and images, submits; the gallery and the project page show it. */
describe.skipIf(Boolean(skipReason))(`hackathon projects in Chromium${skipReason ? ` (skipped: ${skipReason})` : ''}`, () => {
  let journey: Journey;
  let organiser: { page: Page; id: string };
  let asha: { page: Page; id: string };
  let visitor: Page;
  const errors: string[] = [];
  let hackathonId = '';
  const url = (path = '') => `${journey.base}/hackathons/reef-hack${path}`;

  /** The organiser's judging setup through the command API, as the judging console sends it. */
  const setup = async (body: unknown) => {
    const res = await organiser.page.request.put(`${journey.base}/api/hackathons/${hackathonId}/judging`, { data: body, headers: { 'Idempotency-Key': randomUUID() } });
    return { status: res.status(), body: await res.text() };
  };

  beforeAll(async () => {
    journey = await startJourney();
    const { commands } = journey.circuit;
    organiser = await journey.signedIn('org_omana', 'Omana', 'Organiser');
    asha = await journey.signedIn('asha_p', 'Asha', 'Pillai');
    const { userId: raviId } = await commands.accounts.register({ username: 'ravi_p', email: 'ravi_p@example.test', password: 'secret123', firstName: 'Ravi', lastName: 'Prasad', emailVerified: true }, {});
    const at = (days: number) => new Date(Date.now() + days * DAY).toISOString();
    hackathonId = await journey.approvedHackathon(organiser.id, {
      username: 'reef-hack',
      title: 'Reef Hack',
      shortDescription: 'Apps for the coral coast.',
      description: '<p>Build for the reefs.</p>',
      organization: { name: 'Kochi Devs' },
      location: { type: 'online', country: 'India', state: 'Kerala' },
      dates: { registrationDeadline: at(3), startDate: at(4), endDate: at(9) },
      takeRegistrations: true,
      teamSettings: { minMembers: 2, maxMembers: 3 },
    });
    await commands.registrations.register(asha.id, hackathonId, {}, {});
    await commands.registrations.register(raviId, hackathonId, {}, {});
    const teamId = await commands.registrations.createTeam(asha.id, hackathonId, 'Coral Coders', {});
    const { code } = (await journey.circuit.knex('hackathon_teams').where({ id: teamId }).first('code')) as { code: string };
    await commands.registrations.joinTeam(raviId, hackathonId, code, {});
    await commands.registrations.submitTeam(asha.id, hackathonId, teamId, {});
    const tracks = [
      { name: 'Health', description: 'Care for coastal villages' },
      { name: 'Climate', description: 'Reefs, tides and weather' },
    ];
    const saved = await setup({ tracks });
    expect(saved.status, saved.body).toBeLessThan(300);
    visitor = await (await journey.browser.newContext()).newPage();
    for (const p of [organiser.page, asha.page, visitor]) watchErrors(p, errors);
  }, 180_000);

  afterAll(async () => journey?.close());

  it('a team member saves a draft, adds a YouTube link and two images, and submits', { timeout: 180_000 }, async () => {
    const page = asha.page;
    await page.goto(url());
    await page.getByRole('link', { name: 'Submit your project' }).click();
    await page.waitForURL(url('/project'));
    await page.getByRole('heading', { name: 'Your project' }).waitFor();
    await page.getByText(/Submit by/).waitFor();

    // The server's rule shows at its field, and nothing typed is lost.
    await page.getByLabel('Tagline').fill('Clinic boats that find the villages the tide cut off.');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.getByText('Title is required').waitFor();
    expect(await page.getByLabel('Tagline').inputValue()).toBe('Clinic boats that find the villages the tide cut off.');
    await page.getByLabel('Title').fill('Tide Clinic');
    await page.locator('#project-description').click();
    await page.keyboard.type('Routes clinic boats around the reef by the tide tables.');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.getByText('Draft saved').first().waitFor();

    await page.getByLabel('Video').fill('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    await page.locator('iframe[title="Preview of the project\'s video"]').waitFor();
    await page.getByLabel('Repository').fill('github.com/coral/tide-clinic');
    await page.getByLabel('Technology').fill('Flutter');
    await page.keyboard.press('Enter');
    await page.getByLabel('Technology').fill('PostGIS');
    await page.keyboard.press('Enter');
    await page.getByLabel('Health').check();
    await page.getByLabel('Add images').setInputFiles([
      { name: 'map.png', mimeType: 'image/png', buffer: await picture(page, '#0e7490', 'Tide map') },
      { name: 'boat.png', mimeType: 'image/png', buffer: await picture(page, '#7c3aed', 'Clinic boat') },
    ]);
    await page.getByText('2 of 8 used').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await shootBothWidths(page, 'form');

    await page.getByRole('button', { name: 'Submit project' }).click();
    await page.getByText('Project submitted').first().waitFor();
    await page.getByText('Submitted', { exact: false }).first().waitFor();
    const mine = await page.evaluate(async () => (await (await fetch('/api/hackathons/reef-hack/project')).json()).data);
    expect(mine.status).toBe('submitted');
    expect(mine.submitted.videoEmbedUrl).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
    expect(mine.submitted.images).toHaveLength(2);
    expect(mine.submitted.links.repository).toBe('https://github.com/coral/tide-clinic');
  });

  it('before the organiser opens it, the gallery is closed to visitors', { timeout: 60_000 }, async () => {
    await visitor.goto(url('/projects'));
    await visitor.getByText('The gallery is not open yet').waitFor();
  });

  it('once opened, the gallery shows the project with search and the track filter in the URL', { timeout: 120_000 }, async () => {
    const current = ((await (await organiser.page.request.get(`${journey.base}/api/hackathons/${hackathonId}/judging`)).json()) as { data: { tracks: { id: string; name: string }[] } }).data;
    const opened = await setup({ tracks: current.tracks, galleryOpen: true, voting: { enabled: true, opensAt: new Date(Date.now() - 3_600_000).toISOString(), closesAt: new Date(Date.now() + DAY).toISOString(), perTrack: false } });
    expect(opened.status, opened.body).toBeLessThan(300);

    const page = visitor;
    await page.goto(url());
    await page.getByRole('link', { name: 'Projects' }).click();
    await page.waitForURL(url('/projects'));
    await page.getByRole('link', { name: 'Tide Clinic' }).waitFor();
    await page.getByText('Coral Coders').waitFor();

    await page.getByLabel('Search projects').fill('nothing like it');
    await page.waitForURL(/search=nothing/);
    await page.getByText('No projects match').waitFor();
    await page.getByLabel('Search projects').fill('postgis');
    await page.waitForURL(/search=postgis/);
    await page.getByRole('link', { name: 'Tide Clinic' }).waitFor();
    const climate = current.tracks.find((t) => t.name === 'Climate')!.id;
    await page.getByLabel('Track', { exact: true }).selectOption(climate);
    await page.waitForURL(new RegExp(`track=${climate}`));
    await page.getByText('No projects match').waitFor();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await page.getByRole('link', { name: 'Tide Clinic' }).waitFor();

    // The filtered address is rendered on the server too.
    const html = await (await fetch(url(`/projects?search=tide`))).text();
    expect(html).toContain('Tide Clinic');
    expect(html).toContain('<title>Projects · Reef Hack · Circuit</title>');
    // With the server's answer for those filters: a search that matches nothing renders no card.
    const none = await (await fetch(url(`/projects?search=nothing+like+it`))).text();
    expect(none).toContain('No projects match');
    expect(none).not.toContain('>Tide Clinic<');
    expect(await seriousViolations(page)).toEqual([]);
    await shootBothWidths(page, 'gallery');
  });

  it('the project page embeds the video privately, lists the team, and a visitor is asked to sign in to vote', { timeout: 120_000 }, async () => {
    const page = visitor;
    await page.getByRole('link', { name: 'Tide Clinic' }).click();
    await page.getByRole('heading', { name: 'Tide Clinic', level: 1 }).waitFor();
    expect(await page.locator('iframe[title="Video of Tide Clinic"]').getAttribute('src')).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
    await page.getByRole('link', { name: /Asha Pillai/ }).waitFor();
    await page.getByRole('link', { name: /Ravi Prasad/ }).waitFor();
    await page.getByRole('link', { name: 'Sign in to vote' }).waitFor();
    await page.getByRole('button', { name: 'Show image 2' }).click();

    const html = await (await fetch(page.url())).text();
    expect(html).toContain('<title>Tide Clinic · Reef Hack · Circuit</title>');
    expect(html).toMatch(/og:image" content="http[^"]+\/uploads\//);
    expect(await seriousViolations(page)).toEqual([]);
    await shootBothWidths(page, 'project');
  });

  it('a signed-in member votes and can take the vote back', { timeout: 60_000 }, async () => {
    const page = organiser.page;
    await page.goto(url('/projects'));
    await page.getByRole('link', { name: 'Tide Clinic' }).click();
    await page.getByRole('button', { name: 'Vote for this project' }).click();
    await page.getByText('Vote recorded').first().waitFor();
    // The project's answer names the viewer's vote: it is still theirs after a reload.
    await page.reload();
    await page.getByRole('button', { name: 'Your vote' }).waitFor();
    await page.getByRole('button', { name: 'Withdraw vote' }).click();
    await page.getByText('Vote withdrawn').first().waitFor();
    await page.getByRole('button', { name: 'Vote for this project' }).waitFor();
  });

  it('members like, save, comment and reply on the project page; visitors see the counts; the profile card shows them', { timeout: 120_000 }, async () => {
    const page = organiser.page;
    const projectUrl = page.url();
    await page.getByRole('button', { name: 'Like (0)' }).click();
    const liked = page.getByRole('button', { name: 'Liked (1)' });
    await liked.waitFor();
    expect(await liked.getAttribute('aria-pressed')).toBe('true');
    await page.getByRole('button', { name: 'Save (0)' }).click();
    await page.getByRole('button', { name: 'Saved (1)' }).waitFor();
    await page.getByText('No comments yet.').waitFor();
    await page.getByLabel('Add a comment').fill('Routing by the tide tables is lovely.');
    await page.getByRole('button', { name: 'Comment', exact: true }).click();
    await page.getByText('Routing by the tide tables is lovely.').waitFor();
    await page.getByRole('heading', { name: 'Comments (1)' }).waitFor();
    // Liked after a reload: the answer says which reactions are the viewer's.
    await page.reload();
    await page.getByRole('button', { name: 'Liked (1)' }).waitFor();

    const team = asha.page;
    await team.goto(projectUrl);
    await team.getByText('Routing by the tide tables is lovely.').waitFor();
    await team.getByRole('button', { name: 'Reply' }).click();
    await team.getByLabel('Reply to Omana Organiser').fill('Thank you, the boats loved it too.');
    await team.getByRole('button', { name: 'Post Reply' }).click();
    await team.getByText('Thank you, the boats loved it too.').waitFor();
    await team.getByRole('heading', { name: 'Comments (2)' }).waitFor();
    await expect.poll(() => team.locator('[data-sonner-toast]').count(), { timeout: 15_000 }).toBe(0);
    expect(await seriousViolations(team)).toEqual([]);
    await shootBothWidths(team, 'project-reactions');

    await visitor.goto(projectUrl);
    await visitor.getByText('Thank you, the boats loved it too.').waitFor();
    await visitor.getByText(/1 like · 1 save/).waitFor();
    await visitor.getByRole('link', { name: 'Sign in' }).first().waitFor();
    expect(await visitor.getByLabel('Add a comment').count()).toBe(0);
    expect(await seriousViolations(visitor)).toEqual([]);
    await shootBothWidths(visitor, 'project-reactions-visitor');

    await visitor.goto(`${journey.base}/in/asha_p`);
    const card = visitor.getByRole('list', { name: 'Reactions' }).first();
    await card.waitFor();
    expect((await card.innerText()).replace(/\s+/g, ' ')).toMatch(/1 like.*1 save.*2 comments/);
    expect(await seriousViolations(visitor)).toEqual([]);
    await shootBothWidths(visitor, 'profile-hackathon-projects');
  });

  it('wrote no errors to the console', () => {
    expect(errors).toEqual([]);
  });
});
