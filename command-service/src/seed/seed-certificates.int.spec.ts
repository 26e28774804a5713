import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@circuit/embedded/testing/test-app';
import type { CertificateList, CertificateVerification } from '@circuit/shared/api/certificates';
import { seedQuizzes } from '../quizzes/seed-quizzes';
import { seedHackathons } from './seed-hackathons';
import { seedJudging, type SeedJudgingDeps } from './seed-judging';
import { SEED_REVOKED, seedCertificates } from './seed-certificates';

const PASSWORD = 'demo12345';
const DEMO = ['aarav_dev', 'priya_codes', 'rahul_builds', 'sneha_ml', 'kabir_ops'];

describe('seed of certificates', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.stop());

  it('issues the finished hackathon’s and quiz’s certificates, revokes one; a second run adds nothing', { timeout: 180_000 }, async () => {
    const accounts = t.embedded.commands.accounts;
    const ensureUser: SeedJudgingDeps['ensureUser'] = async (input) => (await accounts.ownerOf('username', input.username)) ?? (await accounts.register(input, {})).userId;
    const users = [];
    for (const username of DEMO) users.push({ username, userId: await ensureUser({ username, email: `${username}@circuit.local`, password: PASSWORD, firstName: username, lastName: 'Demo', emailVerified: true }) });
    const moderatorId = (await accounts.register({ username: 'moderator', email: 'moderator@circuit.local', password: PASSWORD, firstName: 'Maya', lastName: 'Moderator', role: 'moderator', emailVerified: true }, {})).userId;
    const adminId = (await accounts.register({ username: 'admin', email: 'admin@circuit.local', password: PASSWORD, firstName: 'Ada', lastName: 'Admin', role: 'admin', emailVerified: true }, {})).userId;
    await seedHackathons({ hackathons: t.embedded.commands.hackathons, store: t.store, now: () => t.clock.now() }, users.map((u) => u.userId), moderatorId, { correlationId: 'seed' });
    await seedJudging({ store: t.store, ensureUser, now: () => t.clock.now() }, { users, moderatorId, adminId, password: PASSWORD });
    await seedQuizzes({ store: t.store, now: t.clock.now() }, users.map((u) => ({ userId: u.userId, firstName: u.username, lastName: 'Demo' })), moderatorId);

    // Hackathon: 8 members of submitted projects, 6 of the three winning teams; quiz: 4 completers, the top 3.
    expect(await seedCertificates({ store: t.store, now: () => t.clock.now() })).toEqual({ issued: 8 + 6 + 4 + 3, revoked: 1 });
    expect(await seedCertificates({ store: t.store, now: () => t.clock.now() })).toEqual({ issued: 0, revoked: 0 });
    await t.caughtUp();

    const agent = t.request();
    await agent.post('/api/auth/login').send({ identifier: SEED_REVOKED.holder, password: PASSWORD }).expect(200);
    const held = ((await agent.get('/api/certificates/mine').expect(200)).body as { data: CertificateList }).data.certificates;
    const revoked = held.find((c) => c.revokedAt);
    expect(revoked).toMatchObject({ listingTitle: 'Smart Mobility Hack', kind: 'participation', revokeReason: SEED_REVOKED.reason });
    const verification = (await t.request().get(`/api/certificates/${revoked!.certificateId}/verification`).expect(200)).body.data as CertificateVerification;
    expect(verification.certificate.revokeReason).toBe(SEED_REVOKED.reason);
    expect(verification.facts.registeredAt).not.toBeNull();
  });
});
