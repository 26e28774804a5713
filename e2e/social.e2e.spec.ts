import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserUnavailableReason } from './browser';
import { startJourney, type Journey } from './harness';

const skipReason = browserUnavailableReason();

describe.skipIf(Boolean(skipReason))(`social journey in Chromium${skipReason ? ` (skipped: ${skipReason})` : ''}`, () => {
  let journey: Journey;

  beforeAll(async () => {
    journey = await startJourney();
  });

  afterAll(async () => {
    await journey?.close();
  });

  it('follows, requests a connection, accepts it from notifications, lists connections, then blocks', { timeout: 120_000 }, async () => {
    const base = journey.base;
    const { page: asha } = await journey.signedIn('asha_e2e', 'Asha');
    const { page: ben } = await journey.signedIn('ben_e2e', 'Ben');

    // Asha follows Ben (with the confirmation dialog) and asks to connect.
    await asha.goto(`${base}/in/ben_e2e`);
    await asha.getByRole('button', { name: 'Follow', exact: true }).click();
    await asha.getByRole('dialog').getByRole('button', { name: 'Follow', exact: true }).click();
    await asha.getByRole('button', { name: 'Unfollow' }).waitFor();
    await asha.getByRole('button', { name: 'Connect', exact: true }).click();
    await asha.getByRole('dialog').getByRole('button', { name: 'Send Request' }).click();
    await asha.getByRole('button', { name: 'Request Sent' }).waitFor();
    expect(await asha.getByRole('button', { name: 'Request Sent' }).isDisabled()).toBe(true);

    // Ben accepts from his notifications.
    await ben.goto(`${base}/notifications`);
    await ben.getByText(/Asha Tester/).first().waitFor();
    await ben.getByRole('button', { name: 'Accept' }).first().click();
    await expect.poll(() => ben.getByRole('button', { name: 'Accept' }).count()).toBe(0);

    // Both see each other under Connections.
    await ben.goto(`${base}/user/ben_e2e/connections`);
    await ben.getByRole('link', { name: /Asha Tester/ }).first().waitFor();
    await asha.goto(`${base}/user/asha_e2e/connections`);
    await asha.getByRole('link', { name: /Ben Tester/ }).first().waitFor();

    // Connected: a disabled Following button and Message.
    await asha.goto(`${base}/in/ben_e2e`);
    await asha.getByRole('button', { name: 'Message' }).waitFor();
    expect(await asha.getByRole('button', { name: 'Following' }).isDisabled()).toBe(true);

    // Asha blocks Ben: her view of his profile shows the blocked state; his view of hers is unavailable.
    await asha.getByRole('button', { name: 'More actions' }).click();
    await asha.getByRole('menuitem', { name: 'Block User' }).click();
    await asha.getByText('You have blocked this user').waitFor();
    await asha.getByRole('button', { name: 'Unblock' }).waitFor();

    await ben.goto(`${base}/in/asha_e2e`);
    await ben.getByText('Profile Unavailable').waitFor();
    expect(await ben.getByRole('button', { name: 'Follow', exact: true }).count()).toBe(0);
    const status = await ben.evaluate(async () => (await fetch('/api/users/username/asha_e2e')).status);
    expect(status).toBe(403);
    const connections = await ben.evaluate(async () => (await (await fetch('/api/users/connections')).json()).data.length);
    expect(connections).toBe(0);
  });
});
