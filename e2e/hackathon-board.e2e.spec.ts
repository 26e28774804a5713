import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './axe';
import { browserUnavailableReason } from './browser';
import { startJourney, type Journey } from './harness';

const skipReason = browserUnavailableReason();
const DAY = 86_400_000;

/** Issue 12's journey in Chromium: a participant reviews, the organiser posts results and adds a gold sponsor, the participant sees both. */
describe.skipIf(Boolean(skipReason))(`reviews, announcements and sponsors in Chromium${skipReason ? ` (skipped: ${skipReason})` : ''}`, () => {
  let journey: Journey;
  let organiser: { page: Page; id: string };
  let asha: { page: Page; id: string };
  const errors: string[] = [];
  let url = '';

  beforeAll(async () => {
    journey = await startJourney();
    organiser = await journey.signedIn('org_omar', 'Omar', 'Organiser');
    asha = await journey.signedIn('asha_r', 'Asha', 'Rao');
    for (const p of [organiser.page, asha.page]) p.on('console', (m) => m.type() === 'error' && errors.push(`${p.url()}: ${m.text()}`));
    const at = (days: number) => new Date(Date.now() + days * DAY).toISOString();
    const hackathonId = await journey.approvedHackathon(organiser.id, {
      username: 'lagoon-hack',
      title: 'Lagoon Hack',
      shortDescription: 'Apps for the backwaters.',
      description: '<p>Build for the backwaters.</p>',
      organization: { name: 'Kochi Devs' },
      location: { type: 'online', country: 'India', state: 'Kerala' },
      dates: { registrationDeadline: at(5), startDate: at(7), endDate: at(9) },
      takeRegistrations: true,
    });
    await journey.circuit.commands.registrations.register(asha.id, hackathonId, {}, {});
    url = `${journey.base}/hackathons/lagoon-hack`;
  });

  afterAll(async () => journey?.close());

  it('the participant rates the hackathon and sees the average', { timeout: 120_000 }, async () => {
    const page = asha.page;
    await page.goto(url);
    const reviews = page.getByRole('region', { name: 'Reviews' });
    await reviews.getByText('No reviews yet.').waitFor();
    await reviews.getByRole('radio', { name: '4 stars' }).check({ force: true });
    await reviews.getByLabel('Comment (optional)').fill('Friendly mentors and a great venue.');
    await reviews.getByRole('button', { name: 'Submit Review' }).click();
    await page.getByText('Review submitted').waitFor();
    await reviews.getByText('from 1 review').waitFor();
    await reviews.getByText('Friendly mentors and a great venue.').waitFor();
    await reviews.getByRole('button', { name: 'Edit your review' }).waitFor();
  });

  it('the organiser posts a results announcement with a winner and adds a gold sponsor', { timeout: 120_000 }, async () => {
    const page = organiser.page;
    // From the hackathon's own page, and from the dashboard.
    await page.goto(url);
    await page.getByRole('link', { name: 'Announcements', exact: true }).click();
    await page.waitForURL(`${journey.base}/admin/hackathons/lagoon-hack/announcements`);
    await page.goto(`${journey.base}/dashboard`);
    await page.getByRole('link', { name: 'Announcements Lagoon Hack' }).click();
    await page.waitForURL(`${journey.base}/admin/hackathons/lagoon-hack/announcements`);
    await page.getByRole('heading', { name: 'Announcements and Sponsors' }).waitFor();
    // The back link goes to /admin/hackathons (spec 2), the organiser's hackathons, each with its Announcements.
    await page.getByRole('link', { name: 'Back to My Hackathons' }).click();
    await page.waitForURL(`${journey.base}/admin/hackathons`);
    await page.getByRole('heading', { name: 'Manage Hackathons', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Announcements Lagoon Hack' }).click();
    await page.waitForURL(`${journey.base}/admin/hackathons/lagoon-hack/announcements`);
    await page.getByRole('heading', { name: 'Announcements and Sponsors' }).waitFor();

    await page.getByRole('button', { name: 'Add Announcement' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Announcement' });
    await dialog.getByRole('radio', { name: 'Results' }).check();
    await dialog.getByLabel(/^Title/).fill('And the winners are');
    await dialog.locator('#announcement-content').click();
    await page.keyboard.type('Thank you all for building with us.');
    await dialog.getByRole('button', { name: 'Add Winner' }).click();
    // A winner without a team and a project is refused with the spec's message.
    await dialog.getByRole('button', { name: 'Post Announcement' }).click();
    await dialog.getByText('Rank, team name, and project name are required').waitFor();
    await dialog.getByLabel(/^Team name/).fill('Paddle Power');
    await dialog.getByLabel(/^Project name/).fill('BoatBook');
    await dialog.getByRole('button', { name: 'Post Announcement' }).click();
    await page.getByText('Announcement posted').waitFor();
    await page.getByRole('heading', { name: 'And the winners are' }).waitFor();

    await page.getByRole('button', { name: 'Add Sponsor' }).click();
    const sponsor = page.getByRole('dialog', { name: 'Add Sponsor' });
    await sponsor.getByLabel(/^Sponsor name/).fill('Kettuvallam Cloud');
    await sponsor.getByLabel('Tier').selectOption('gold');
    await sponsor.getByRole('button', { name: 'Add Sponsor' }).click();
    await page.getByText('Sponsor added').waitFor();
    await page.getByRole('region', { name: 'Sponsors' }).getByText('Kettuvallam Cloud', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Edit Kettuvallam Cloud' }).waitFor();
  });

  it('the participant sees the results, the notification and the gold sponsor', { timeout: 120_000 }, async () => {
    const page = asha.page;
    await page.goto(url);
    await page.getByRole('region', { name: 'Sponsors' }).getByText('Gold').waitFor();
    await page.getByRole('region', { name: 'Sponsors' }).getByText('Kettuvallam Cloud').waitFor();
    await page.getByRole('region', { name: 'Announcements' }).getByText('And the winners are').waitFor();
    await page.getByRole('link', { name: 'View all 1 announcement' }).click();
    await page.waitForURL(`${journey.base}/hackathons/lagoon-hack/announcements`);
    await page.getByRole('tab', { name: /Results/ }).click();
    await page.getByText('1st place: Paddle Power').waitFor();
    await page.getByText('BoatBook').waitFor();

    await page.goto(`${journey.base}/notifications`);
    await page.getByText('New announcement in “Lagoon Hack”: And the winners are').waitFor();
    expect(errors).toEqual([]);
  });

  it('fits a 390 px wide phone without scrolling sideways, and axe finds no serious violation', { timeout: 180_000 }, async () => {
    const violations: string[] = [];
    const row = await journey.circuit.knex('hackathons').where({ username: 'lagoon-hack' }).first('id');
    const wide = async (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);
    const screens: [Page, string, string][] = [
      [asha.page, url, 'Lagoon Hack'],
      [asha.page, `${url}/announcements`, 'Announcements'],
      [asha.page, `${journey.base}/hackathons/${row.id as string}/announcements`, 'Announcements'],
      [organiser.page, `${journey.base}/admin/hackathons`, 'Manage Hackathons'],
      [organiser.page, `${journey.base}/admin/hackathons/lagoon-hack/announcements`, 'Announcements and Sponsors'],
    ];
    for (const [page, address, heading] of screens) {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(address);
      await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
      expect([address, await wide(page)]).toEqual([address, 390]);
      violations.push(...(await seriousViolations(page)));
    }
    // The full view of an announcement and the add-announcement modal fit too.
    await asha.page.goto(`${journey.base}/hackathons/${row.id as string}/announcements`);
    await asha.page.getByRole('button', { name: 'View Full Announcement' }).click();
    await asha.page.getByRole('dialog', { name: 'And the winners are' }).getByText('1st place: Paddle Power').waitFor();
    expect(await wide(asha.page)).toBe(390);
    violations.push(...(await seriousViolations(asha.page)));
    await asha.page.getByRole('dialog').getByRole('button', { name: 'Close', exact: true }).last().click();
    await organiser.page.getByRole('button', { name: 'Add Announcement' }).click();
    await organiser.page.getByRole('dialog', { name: 'Add Announcement' }).getByRole('radio', { name: 'Results' }).check();
    await organiser.page.getByRole('button', { name: 'Add Winner' }).click();
    await organiser.page.getByRole('button', { name: 'Add Member' }).click();
    expect(await wide(organiser.page)).toBe(390);
    violations.push(...(await seriousViolations(organiser.page)));
    expect(violations).toEqual([]);
    expect(errors).toEqual([]);
  });
});
