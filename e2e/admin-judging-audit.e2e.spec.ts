import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendListedHackathon } from '@circuit/command-service/hackathon-registrations/hackathon-fixtures';
import { DEMO_AUDITOR } from '@circuit/command-service/seed/seed-console';
import { toNewEvents } from '@circuit/shared/commands/decider';
import { hackathonJudgingStream, type JudgingSetup } from '@circuit/shared/events/hackathon-judging';
import { hackathonProjectStream } from '@circuit/shared/events/hackathon-projects';
import { hackathonScoresStream } from '@circuit/shared/events/hackathon-scoring';
import { waitFor } from '@circuit/shared/testkit/wait';
import { browserUnavailableReason } from './browser';
import { shootBothWidths } from './shots';
import { startJourney, type Journey } from './harness';

const skipReason = browserUnavailableReason();
const MINUTE = 60_000;

const setup: JudgingSetup = {
  submissionDeadline: '',
  tracks: [],
  criteria: [{ id: 'impact', name: 'Impact', description: '', weight: 1, scale: 10 }],
  galleryOpen: true,
  voting: { enabled: false, opensAt: null, closesAt: null, perTrack: false },
  assignment: { mode: 'all', judgesPerProject: 1, trackJudges: {} },
};

/** The raw, z-score and trimmed place texts of a project's row in the first standings table. */
async function places(page: Page, title: string) {
  const row = page.getByRole('table', { name: 'Standings: All projects' }).getByRole('row').filter({ has: page.getByRole('rowheader', { name: title, exact: true }) });
  return (await row.getByRole('cell').allInnerTexts()).map((t) => t.split('\n')[0]!.trim());
}

/**
 * Issue 34's replay for auditors: the judging audit lists the scores as stored, one click replays the
 * standings at an earlier event (before a late correction), and the places that differ are marked.
 */
describe.skipIf(Boolean(skipReason))(`the judging audit in the admin console in Chromium${skipReason ? ` (skipped: ${skipReason})` : ''}`, () => {
  let journey: Journey;

  beforeAll(async () => {
    journey = await startJourney();
    const { circuit } = journey;
    await circuit.commands.accounts.register({ ...DEMO_AUDITOR, role: 'auditor', emailVerified: true }, {});
    const judge = async (username: string) => (await circuit.commands.accounts.register({ username, email: `${username}@example.test`, password: 'secret123', firstName: username, lastName: 'Judge', emailVerified: true }, {})).userId;
    const [ada, ben, cyd] = [await judge('judge_ada'), await judge('judge_ben'), await judge('judge_cyd')];
    const organiser = await judge('org_omar');
    const start = Date.now() - 5 * 60 * MINUTE;
    const time = (minutes: number) => new Date(start + minutes * MINUTE).toISOString();
    const { hackathonId } = await appendListedHackathon(circuit.store, { now: new Date(start), createdBy: organiser, username: 'judged-hack' });

    const projects = ['Solar Sack', 'Bus Buddy', 'Crop Cam', 'Deaf Doorbell'].map((title, i) => ({ id: `entrant-${i + 1}`, title }));
    for (const p of projects) {
      const version = { title: p.title, tagline: `${p.title} in a line`, description: '<p>x</p>', builtWith: [], links: { repository: '', demo: '', video: '' }, videoEmbedUrl: null, images: [], trackIds: [], fromPortfolioProjectId: null };
      const event = { type: 'HackathonProjectSubmitted', data: { hackathonId, projectId: p.id, at: time(0), byUserId: p.id, entrant: 'solo', teamName: null, version, memberIds: [p.id] } };
      await circuit.store.append(hackathonProjectStream(hackathonId, p.id), toNewEvents([event], { userId: p.id }, time(0)), 'no_stream');
    }
    const by = { hackathonId, at: time(1), byUserId: organiser };
    await circuit.store.append(hackathonJudgingStream(hackathonId), toNewEvents([{ type: 'HackathonJudgingSetupSaved', data: { ...by, setup } }], { userId: organiser }, time(1)), 'no_stream');

    // A generous judge (ada) scored the first two, a harsh one (cyd) the last two, ben all four: the z-score reorders them.
    const [p1, p2, p3, p4] = projects.map((p) => p.id) as [string, string, string, string];
    const sheets: [string, [string, number][]][] = [
      [ada, [[p1, 10], [p2, 8]]],
      [ben, [[p1, 5], [p2, 6], [p3, 6], [p4, 5]]],
      [cyd, [[p3, 3], [p4, 1]]],
    ];
    let minute = 10;
    for (const [judgeUserId, sheet] of sheets) {
      const events = sheet.map(([projectId, value]) => ({ type: 'HackathonScoreGiven', data: { hackathonId, judgeUserId, projectId, criterionId: 'impact', oldValue: null, newValue: value, at: time((minute += 5)) } }));
      await circuit.store.append(hackathonScoresStream(hackathonId, judgeUserId), toNewEvents(events, { userId: judgeUserId }, time(minute)), 'no_stream');
    }
    const published = { type: 'HackathonWinnersPublished', data: { hackathonId, at: time(90), byUserId: organiser, winners: [{ prize: 'Grand prize', trackId: null, place: 1, projectId: p1 }] } };
    await circuit.store.append(hackathonJudgingStream(hackathonId), toNewEvents([published], { userId: organiser }, time(90)), 'any');
    // The late correction, an hour after the publication: ben raises Deaf Doorbell from 5 to 10.
    const correction = { type: 'HackathonScoreChanged', data: { hackathonId, judgeUserId: ben, projectId: p4, criterionId: 'impact', oldValue: 5, newValue: 10, at: time(150) } };
    await circuit.store.append(hackathonScoresStream(hackathonId, ben), toNewEvents([correction], { userId: ben }, time(150)), 'any');
    await waitFor(async () => (await circuit.knex('scoring_scores').where({ hackathon_id: hackathonId, judge_user_id: ben, project_id: p4 }).first('value'))?.value === 10, { timeoutMs: 30_000, message: 'the correction in the read model' });
  }, 120_000);
  afterAll(async () => journey?.close());

  it('an auditor replays the standings before a late correction from the score events, the differing places marked', { timeout: 120_000 }, async () => {
    const page = await (await journey.browser.newContext({ viewport: { width: 1366, height: 800 } })).newPage();
    const errors: string[] = [];
    await page.goto(`${journey.base}/admin-console/`);
    await page.locator('input[name="username"]').fill(DEMO_AUDITOR.username);
    await page.locator('input[name="password"]').fill(DEMO_AUDITOR.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Circuit admin').first().waitFor();
    page.on('console', (m) => m.type() === 'error' && errors.push(`${page.url()}: ${m.text()}`));
    await page.getByRole('menuitem', { name: 'Judging (audit)' }).click();
    await page.getByRole('cell', { name: 'judged-hack', exact: true }).waitFor();
    await shootBothWidths(page, 'audit-judging-list');
    await page.getByRole('cell', { name: 'judged-hack', exact: true }).click();

    const events = page.getByRole('table', { name: 'Score events' });
    await events.waitFor();
    expect(await events.locator('tbody tr').count()).toBe(9);
    const last = events.locator('tbody tr').last();
    expect(await last.innerText()).toMatch(/judge_ben\s+Deaf Doorbell\s+Impact\s+5 → 10 \/ 10\s+Changed\s*After publication/);
    // Now: the correction counts; Deaf Doorbell is third by the raw mean, first by z-score.
    expect(await places(page, 'Deaf Doorbell')).toEqual(['2', '3rd', '1st ≠ raw', '3rd', 'Places differ']);

    // Replay at the event before the correction, from the keyboard.
    const before = events.getByRole('button', { name: 'Replay at this event: judge_cyd, Deaf Doorbell, Impact 1' });
    await before.focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('replayed-at').getByText(/Replayed at .*: 8 score events, 8 scores from 3 judges/).waitFor();
    expect(await page.locator('tr[aria-current="true"]').innerText()).toMatch(/judge_cyd\s+Deaf Doorbell/);
    expect(await places(page, 'Deaf Doorbell')).toEqual(['2', '4th', '4th', '4th', '3rd (moved since)', 'Same in all three']);
    // The z-score puts Crop Cam first (the harsh judge's best), raw third: marked.
    expect(await places(page, 'Crop Cam')).toEqual(['2', '3rd', '1st ≠ raw', '3rd', '4th (moved since)', 'Places differ']);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1366);
    await page.evaluate(() => window.scrollTo(0, 0));
    // The app bar slides back in once the page is at its top.
    await page.waitForTimeout(400);
    await shootBothWidths(page, 'audit-judging-replay');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.waitForTimeout(300);
    // At phone width the wide tables scroll inside their boxes, not the page.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.setViewportSize({ width: 1366, height: 800 });

    // The publication is one of the moments: the same standings as before the correction.
    await page.getByRole('group', { name: 'Moments' }).getByRole('button', { name: /^Winners published/ }).click();
    await page.getByTestId('replayed-at').getByText(/: 8 score events/).waitFor();
    expect(await places(page, 'Deaf Doorbell')).toEqual(['2', '4th', '4th', '4th', '3rd (moved since)', 'Same in all three']);
    expect(errors).toEqual([]);
  });
});
