import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@circuit/embedded/testing/test-app';
import type { CertificateList, CertificateVerification } from '@circuit/shared/api/certificates';
import { seedQuizzes } from '../quizzes/seed-quizzes';
import { seedJudging } from './seed-judging';
import { SEED_TEST_PASSWORD as PASSWORD, seededHackathons } from './seeded-hackathons.testkit';
import { SEED_REVOKED, seedCertificates } from './seed-certificates';

describe('seed of certificates', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.stop());

  it('issues the finished hackathon’s and quiz’s certificates, revokes one; a second run adds nothing', { timeout: 180_000 }, async () => {
    const { deps, people } = await seededHackathons(t);
    await seedJudging(deps, people);
    await seedQuizzes({ store: t.store, now: t.clock.now() }, people.users.map((u) => ({ userId: u.userId, firstName: u.username, lastName: 'Demo' })), people.moderatorId);

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
