import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedQuizzes } from '@circuit/command-service/quizzes/seed-quizzes';
import { seedId } from '@circuit/command-service/seed/seed-ids';
import { seriousViolations } from './axe';
import { browserUnavailableReason } from './browser';
import { shootBothWidths } from './shots';
import { startJourney, type Journey } from './harness';

const skipReason = browserUnavailableReason();

type Person = { page: Page; id: string };

/**
 * Certificates in Chromium: a quiz that ended two hours ago with four completers (the demo's quiz seed), its
 * organiser issues participation and achievement certificates from the participants page and revokes one with a
 * reason; a holder finds theirs on the dashboard (the PDF downloads), on their public profile as badges, hides
 * them in their settings; anyone opens the verification page signed out, the revoked one says so, an unknown id is 404.
 * Screenshots at 1366x800 and 390x844 with SHOTS_DIR set.
 */
describe.skipIf(Boolean(skipReason))(`certificates in Chromium${skipReason ? ` (skipped: ${skipReason})` : ''}`, () => {
  let journey: Journey;
  let organiser: Person;
  let holder: Person;
  let visitor: Page;
  const quizId = seedId('quiz', 0);
  const errors: string[] = [];

  beforeAll(async () => {
    journey = await startJourney();
    const accounts = journey.circuit.commands.accounts;
    organiser = await journey.signedIn('quiz_olga', 'Olga', 'Organiser');
    holder = await journey.signedIn('hema_holder', 'Hema', 'Holder');
    const others = [];
    for (const [username, firstName] of [['ravi_r', 'Ravi'], ['sara_s', 'Sara'], ['tom_t', 'Tom']] as const) {
      others.push({ userId: (await accounts.register({ username, email: `${username}@example.test`, password: 'secret123', firstName, lastName: 'Taker', emailVerified: true }, {})).userId, firstName, lastName: 'Taker' });
    }
    const { userId: moderatorId } = await accounts.register({ username: 'cert_mod', email: 'cert_mod@example.test', password: 'secret123', firstName: 'Mo', lastName: 'Derator', role: 'moderator', emailVerified: true }, {});
    await seedQuizzes({ store: journey.circuit.store, now: new Date() }, [{ userId: organiser.id, firstName: 'Olga', lastName: 'Organiser' }, { userId: holder.id, firstName: 'Hema', lastName: 'Holder' }, ...others], moderatorId);
    visitor = await (await journey.browser.newContext()).newPage();
    for (const p of [organiser.page, holder.page, visitor]) p.on('console', (m) => m.type() === 'error' && !/404|Not Found/.test(m.text()) && errors.push(`${p.url()}: ${m.text()}`));
  }, 240_000);
  afterAll(async () => journey?.close());

  it('the organiser issues from the participants page and revokes one with a reason', { timeout: 120_000 }, async () => {
    const page = organiser.page;
    await page.setViewportSize({ width: 1366, height: 800 });
    await page.goto(`${journey.base}/admin/quizzes/${quizId}/participants`);
    const panel = page.getByRole('region', { name: 'Certificates' });
    await panel.getByText('4 eligible').waitFor();
    await panel.getByText('3 eligible').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await shootBothWidths(page, 'certificates-panel-before');

    await panel.getByRole('button', { name: 'Issue certificates' }).click();
    await panel.getByText('Issued 4 participation certificates and 3 achievement certificates.').waitFor();
    await panel.getByRole('heading', { name: 'Issued (7)' }).waitFor();
    await expect(panel.getByRole('button', { name: 'Issue certificates' }).isDisabled()).resolves.toBe(true);

    await panel.getByRole('button', { name: 'Revoke Tom Taker’s participation certificate' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Revoke this certificate?' });
    await dialog.getByRole('button', { name: 'Revoke certificate' }).click();
    await dialog.getByText('Give a reason for revoking the certificate.').waitFor();
    await dialog.getByLabel('Reason (shown on the verification page)').fill('Answers shared during the quiz');
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Revoke certificate' }).click();
    await panel.getByText('revoked: Answers shared during the quiz').waitFor();
    await dialog.waitFor({ state: 'detached' });
    // The toast saying so fades out first: axe would judge its contrast half-way.
    await page.locator('[data-sonner-toast]').getByText('Tom Taker’s certificate was revoked').waitFor();
    await expect.poll(() => page.locator('[data-sonner-toast]').count(), { timeout: 15_000 }).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await shootBothWidths(page, 'certificates-panel-issued');
  });

  it('the holder finds theirs on the dashboard and downloads the PDF', { timeout: 60_000 }, async () => {
    const page = holder.page;
    await page.setViewportSize({ width: 1366, height: 800 });
    await page.goto(`${journey.base}/user-dashboard`);
    const section = page.getByRole('region', { name: 'Certificates' });
    await section.getByRole('link', { name: /Download PDF/ }).first().waitFor();
    expect(await section.getByRole('listitem').count()).toBeGreaterThanOrEqual(1);
    expect(await seriousViolations(page)).toEqual([]);
    await shootBothWidths(page, 'certificates-dashboard');
    const href = await section.getByRole('link', { name: /Download PDF/ }).first().getAttribute('href');
    const pdf = await page.request.get(`${journey.base}${href}`);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('anyone verifies signed out; a revoked certificate says so; an unknown id is 404', { timeout: 60_000 }, async () => {
    const mine = (await (await holder.page.request.get(`${journey.base}/api/certificates/mine`)).json()) as { data: { certificates: { certificateId: string; kind: string }[] } };
    const certificate = mine.data.certificates[0]!;
    await visitor.setViewportSize({ width: 1366, height: 800 });
    const response = await visitor.goto(`${journey.base}/verify/${certificate.certificateId}`);
    expect(response?.status()).toBe(200);
    await visitor.getByText(/Valid certificate, issued on Circuit/).waitFor();
    await visitor.getByText('Hema Holder').waitFor();
    await visitor.getByRole('heading', { name: 'What it rests on' }).waitFor();
    expect(await visitor.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
    expect(await seriousViolations(visitor)).toEqual([]);
    await shootBothWidths(visitor, 'certificates-verify');

    const listed = (await (await organiser.page.request.get(`${journey.base}/api/certificates/listings/quiz/${quizId}`)).json()) as { data: { certificates: { certificateId: string; revokedAt: string | null }[] } };
    const revoked = listed.data.certificates.find((c) => c.revokedAt)!;
    await visitor.goto(`${journey.base}/verify/${revoked.certificateId}`);
    await visitor.getByText(/This certificate was revoked on/).waitFor();
    await visitor.getByText('Reason given by the organiser: Answers shared during the quiz').waitFor();
    expect(await seriousViolations(visitor)).toEqual([]);
    await shootBothWidths(visitor, 'certificates-verify-revoked');

    const unknown = await visitor.goto(`${journey.base}/verify/AAAAAAAAAAAAAAAAAAAAAA`);
    expect(unknown?.status()).toBe(404);
    await visitor.getByRole('heading', { name: 'No certificate with this id' }).waitFor();
    expect(await seriousViolations(visitor)).toEqual([]);
  });

  it('badges on the public profile link to verification, and the holder can hide them', { timeout: 60_000 }, async () => {
    const profileUrl = `${journey.base}/in/hema_holder`;
    await visitor.goto(profileUrl);
    const badges = visitor.getByRole('region', { name: 'Certificates' });
    const first = badges.getByRole('link').first();
    await first.waitFor();
    expect(await first.getAttribute('href')).toMatch(/^\/verify\/[A-Za-z0-9_-]{22}$/);
    await shootBothWidths(visitor, 'certificates-profile-badges');

    await holder.page.goto(`${journey.base}/profile`);
    const toggle = holder.page.getByRole('switch', { name: 'Certificate badges' });
    await holder.page.getByText('Shown on your public profile').waitFor();
    await toggle.scrollIntoViewIfNeeded();
    await shootBothWidths(holder.page, 'certificates-settings');
    await expect(toggle.getAttribute('aria-checked')).resolves.toBe('true');
    expect(await seriousViolations(holder.page)).toEqual([]);
    await toggle.click();
    await holder.page.getByText('Hidden from your public profile').waitFor();
    await expect(toggle.getAttribute('aria-checked')).resolves.toBe('false');

    await visitor.goto(profileUrl);
    await visitor.getByRole('heading', { name: 'Skills & Expertise' }).waitFor();
    expect(await visitor.getByRole('region', { name: 'Certificates' }).count()).toBe(0);
    expect(errors).toEqual([]);
  });
});
