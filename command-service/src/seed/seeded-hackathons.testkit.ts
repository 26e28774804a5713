import type { TestApp } from '@circuit/embedded/testing/test-app';
import { seedHackathons } from './seed-hackathons';
import type { SeedJudgingDeps, SeedJudgingPeople } from './seed-judging';

export const SEED_TEST_PASSWORD = 'demo12345';
const DEMO = ['aarav_dev', 'priya_codes', 'rahul_builds', 'sneha_ml', 'kabir_ops'];

/**
 * The demo's five users, its moderator and admin, and its hackathons, as the seed makes them: what the
 * judging seed (and what follows it) starts from in a seed test.
 */
export async function seededHackathons(t: TestApp): Promise<{ deps: SeedJudgingDeps; people: SeedJudgingPeople }> {
  const accounts = t.embedded.commands.accounts;
  const ensureUser: SeedJudgingDeps['ensureUser'] = async (input) => (await accounts.ownerOf('username', input.username)) ?? (await accounts.register(input, {})).userId;
  const users = [];
  for (const username of DEMO) users.push({ username, userId: await ensureUser({ username, email: `${username}@circuit.local`, password: SEED_TEST_PASSWORD, firstName: username, lastName: 'Demo', emailVerified: true }) });
  const staff = (role: 'moderator' | 'admin', firstName: string) =>
    accounts.register({ username: role, email: `${role}@circuit.local`, password: SEED_TEST_PASSWORD, firstName, lastName: role === 'admin' ? 'Admin' : 'Moderator', role, emailVerified: true }, {});
  const moderatorId = (await staff('moderator', 'Maya')).userId;
  const adminId = (await staff('admin', 'Ada')).userId;
  await seedHackathons({ hackathons: t.embedded.commands.hackathons, store: t.store, now: () => t.clock.now() }, users.map((u) => u.userId), moderatorId, { correlationId: 'seed' });
  return { deps: { store: t.store, ensureUser, now: () => t.clock.now() }, people: { users, moderatorId, adminId, password: SEED_TEST_PASSWORD } };
}
