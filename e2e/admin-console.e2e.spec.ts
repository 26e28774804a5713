import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HackathonFormSchema } from '@circuit/shared/validation/hackathons';
import { appendListedHackathon } from '@circuit/command-service/hackathon-registrations/hackathon-fixtures';
import { seedHackathonRegistrations } from '@circuit/command-service/hackathon-registrations/seed-registrations';
import { paymentStream } from '@circuit/shared/events/payments';
import { waitFor } from '@circuit/shared/testkit/wait';
import { browserUnavailableReason } from './browser';
import { shootBothWidths } from './shots';
import { startJourney, type Journey } from './harness';

const skipReason = browserUnavailableReason();
const DAY = 86_400_000;

/** Signs in through react-admin's login form. */
async function consoleSignIn(journey: Journey, username: string): Promise<Page> {
  const page = await (await journey.browser.newContext({ viewport: { width: 1366, height: 800 } })).newPage();
  await page.goto(`${journey.base}/admin-console/`);
  await page.locator('input[name="username"]').fill(username);
  await page.locator('input[name="password"]').fill('secret123');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByText('Circuit admin').first().waitFor();
  return page;
}

/** Issue 15's moderation journey: a moderator approves one pending hackathon and rejects another. */
describe.skipIf(Boolean(skipReason))(`the admin console in Chromium${skipReason ? ` (skipped: ${skipReason})` : ''}`, () => {
  let journey: Journey;
  let organiser: { page: Page; id: string };
  let moderator: Page;
  const errors: string[] = [];

  beforeAll(async () => {
    journey = await startJourney();
    await journey.circuit.commands.accounts.register(
      { username: 'mod_mira', email: 'mira@example.test', password: 'secret123', firstName: 'Mira', lastName: 'Mod', role: 'moderator', emailVerified: true },
      {},
    );
    organiser = await journey.signedIn('org_omar', 'Omar', 'Organiser');
    const at = (days: number) => new Date(Date.now() + days * DAY).toISOString();
    for (const [username, title] of [
      ['spring-hack', 'Spring Hack'],
      ['winter-hack', 'Winter Hack'],
    ]) {
      const form = HackathonFormSchema.parse({
        username,
        title,
        shortDescription: `${title}: apps for the campus.`,
        description: `<p>Build for the campus at <strong>${title}</strong>.</p>`,
        eligibilityCriteria: '<p>Students</p>',
        organization: { name: 'Kochi Devs' },
        categories: ['hackathon'],
        location: { type: 'online', country: 'India', state: 'Kerala' },
        dates: { registrationDeadline: at(5), startDate: at(7), endDate: at(9) },
        pricing: { type: 'free' },
      });
      await journey.circuit.commands.hackathons.create(organiser.id, form, {});
    }
    moderator = await consoleSignIn(journey, 'mod_mira');
    moderator.on('console', (m) => m.type() === 'error' && errors.push(`${moderator.url()}: ${m.text()}`));
  });

  afterAll(async () => journey?.close());

  it('a moderator approves a pending hackathon, which then appears on /hackathons', { timeout: 120_000 }, async () => {
    const page = moderator;
    await page.getByRole('menuitem', { name: 'Moderation queue' }).click();
    await page.getByRole('cell', { name: 'Winter Hack' }).waitFor();
    await shootBothWidths(page, 'moderation-list');
    await page.getByRole('cell', { name: 'Spring Hack' }).click();
    await page.getByRole('heading', { name: 'Spring Hack', exact: true, level: 2 }).waitFor();
    await page.getByText('Build for the campus at').waitFor();
    await shootBothWidths(page, 'moderation-show');
    await page.getByRole('button', { name: 'Approve' }).click();
    await page.getByText('“Spring Hack” approved: it is public now').waitFor();
    await page.getByRole('cell', { name: 'Winter Hack' }).waitFor();
    expect(await page.getByRole('cell', { name: 'Spring Hack' }).count()).toBe(0);

    const visitor = await (await journey.browser.newContext()).newPage();
    await visitor.goto(`${journey.base}/hackathons`);
    await visitor.getByRole('link', { name: 'Spring Hack' }).first().waitFor();
    expect(await visitor.getByText('Winter Hack').count()).toBe(0);
  });

  it('the moderator rejects another with a reason, which its organiser reads on /dashboard', { timeout: 120_000 }, async () => {
    const page = moderator;
    await page.getByRole('cell', { name: 'Winter Hack' }).click();
    await page.getByRole('button', { name: 'Reject' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reject “Winter Hack”' });
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await dialog.getByText('A reason is required').waitFor();
    await dialog.getByLabel('Reason (the organiser sees it)').fill('Please add the judging criteria.');
    await shootBothWidths(page, 'moderation-reject');
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await page.getByText('“Winter Hack” rejected; the organiser sees your reason').waitFor();
    await page.getByRole('cell', { name: 'Winter Hack' }).waitFor({ state: 'detached' });
    await shootBothWidths(page, 'moderation-empty');

    await organiser.page.goto(`${journey.base}/dashboard`);
    await organiser.page.getByText('We are sorry, but we found something inappropriate in your hackathon. Please try again.').waitFor();
    await organiser.page.getByText('Reason: Please add the judging criteria.').waitFor();
    expect(errors).toEqual([]);
  });

  it('the moderator resolves a report and opens the reported user, whose role and suspension are at hand', { timeout: 120_000 }, async () => {
    const { circuit } = journey;
    const target = await circuit.commands.accounts.register({ username: 'noisy_neil', email: 'neil@example.test', password: 'secret123', firstName: 'Neil', lastName: 'Noisy', emailVerified: true }, {});
    await circuit.commands.social.report(organiser.id, target.userId, 'Sends the same link to everyone', { userId: organiser.id });
    const page = moderator;
    await page.getByRole('menuitem', { name: 'Reports' }).click();
    await page.getByRole('cell', { name: 'Sends the same link to everyone' }).click();
    await page.getByText('noisy_neil').first().waitFor();
    await shootBothWidths(page, 'report-show');
    await page.getByRole('button', { name: 'Resolve' }).click();
    const dialog = page.getByRole('dialog', { name: 'Resolve this report' });
    await dialog.getByLabel('Note').fill('Warned the user');
    await dialog.getByRole('button', { name: 'Resolve' }).click();
    await page.getByText('Report resolved').first().waitFor();
    await page.getByRole('menuitem', { name: 'Reports' }).click();
    await page.getByRole('cell', { name: 'Sends the same link to everyone' }).waitFor({ state: 'detached' });
    await shootBothWidths(page, 'reports-list');

    await page.getByRole('menuitem', { name: 'Users' }).click();
    await page.getByRole('cell', { name: 'noisy_neil' }).click();
    await page.getByRole('button', { name: 'Suspend' }).click();
    const suspend = page.getByRole('dialog', { name: 'Suspend noisy_neil' });
    await suspend.getByLabel('Reason').fill('Spam after a warning');
    await shootBothWidths(page, 'user-suspend');
    await suspend.getByRole('button', { name: 'Suspend' }).click();
    await page.getByText('User suspended: their sessions have ended').waitFor();
    await page.getByRole('button', { name: 'Reinstate' }).waitFor();
    await shootBothWidths(page, 'user-show');
    await page.getByRole('menuitem', { name: 'Users' }).click();
    await page.getByRole('cell', { name: 'noisy_neil' }).waitFor();
    await shootBothWidths(page, 'users-list');
    expect(errors).toEqual([]);
  });

  it('an auditor opens a paid registration: order created, payment verified, registration completed in order; before the payment it was pending', { timeout: 120_000 }, async () => {
    const { circuit } = journey;
    await circuit.commands.accounts.register(
      { username: 'audit_ana', email: 'ana@example.test', password: 'secret123', firstName: 'Ana', lastName: 'Auditor', role: 'auditor', emailVerified: true },
      {},
    );
    const listing = await appendListedHackathon(circuit.store, { now: new Date(), fee: { amount: 250, currency: 'INR' }, minMembers: 1, maxMembers: 1 });
    let paidOrder: { orderId: string; userId: string } | undefined;
    const payer = await circuit.commands.accounts.register({ username: 'paid_priya', email: 'priya@example.test', password: 'secret123', firstName: 'Priya', lastName: 'Payer', emailVerified: true }, {});
    await seedHackathonRegistrations(
      {
        registrations: circuit.commands.registrations,
        store: circuit.store,
        // A pause between the order and its payment: a moment exists when the order was open.
        payOrder: async ({ orderId, userId }) => {
          paidOrder = { orderId, userId };
          await new Promise((r) => setTimeout(r, 1500));
          const paid = await circuit.commands.payments.sandboxPay(userId, orderId, 'success');
          return { paymentId: paid!.razorpay_payment_id, signature: paid!.razorpay_signature };
        },
      },
      [listing],
      [{ userId: payer.userId, username: 'paid_priya' }],
    );

    const page = await consoleSignIn(journey, 'audit_ana');
    page.on('console', (m) => m.type() === 'error' && errors.push(`${page.url()}: ${m.text()}`));
    expect(await page.getByRole('menuitem', { name: 'Moderation queue' }).count()).toBe(0);
    await page.getByRole('menuitem', { name: 'Registrations (audit)' }).click();
    await page.getByRole('cell', { name: 'paid_priya' }).waitFor();
    await shootBothWidths(page, 'audit-registrations');
    await page.getByRole('cell', { name: 'paid_priya' }).click();
    const history = page.getByRole('table', { name: 'Event history' });
    await history.waitFor();
    const types = await history.locator('tbody tr td:nth-child(3)').allTextContents();
    const at = (type: string) => types.indexOf(type);
    expect(at('PaymentOrderCreated')).toBeGreaterThan(-1);
    expect(at('PaymentOrderCreated')).toBeLessThan(at('PaymentVerified'));
    expect(at('PaymentVerified')).toBeLessThan(at('TeamRegistrationCompleted'));
    await page.getByRole('table', { name: 'Now' }).getByText('registration completed').first().waitFor();
    await shootBothWidths(page, 'audit-registration');

    await history.locator('tbody tr').nth(at('PaymentVerified')).getByRole('button', { name: 'State before' }).click();
    const then = page.getByRole('table', { name: 'Replayed at the chosen moment' });
    await then.getByTestId('replayed-label').getByText('payment pending').waitFor();
    await page.getByText(/Differs from today’s read model: .*paymentStatus/).waitFor();
    await shootBothWidths(page, 'audit-replay');

    // The checkout pays the same order a second time: that payment is refunded, and the audit shows both.
    const second = await circuit.commands.payments.sandboxPay(paidOrder!.userId, paidOrder!.orderId, 'success');
    await waitFor(async () => (await circuit.store.readStream(paymentStream(paidOrder!.orderId))).some((e) => e.type === 'PaymentDuplicateRefunded'), { message: 'the refund of the second payment' });
    await page.getByRole('menuitem', { name: 'Payments (audit)' }).click();
    const row = page.getByRole('row').filter({ hasText: paidOrder!.orderId });
    await row.getByText('Paid twice', { exact: true }).waitFor();
    await row.getByText(new RegExp(`${second!.razorpay_payment_id} refunded as rfnd_`)).waitFor();
    await shootBothWidths(page, 'audit-payments');
    expect(errors).toEqual([]);
  });
});
