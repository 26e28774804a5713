import { createRequire } from 'node:module';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { appWithMembers, type Agent, type Member, type TestApp } from '@circuit/embedded/testing/test-app';
import { toNewEvents } from '@circuit/shared/commands/decider';
import type { CertificateList, CertificatePreview, CertificateVerification } from '@circuit/shared/api/certificates';
import { CertificateMessages as M } from '@circuit/shared/api/certificates';
import { checkInStream } from '@circuit/shared/events/check-in';
import { fullProfile, listedEvent } from '../events/event-fixtures';

/**
 * Certificates of a finished event through the embedded app: eligibility from the roster and the check-in
 * stream (check-ins appended as the door's commands record them), bulk issue, who may issue and revoke, the
 * PDF, the public verification replayed from the events, and the profile badges.
 */

const DAY = 86_400_000;

/** A GET whose body is kept as the bytes that came (supertest would otherwise read a PDF as text). */
const bytesOf = (agent: Agent, url: string) =>
  agent
    .get(url)
    .buffer(true)
    .parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });

/** pdfjs reads the standard fonts' metrics from its own package (the PDF embeds none: pdf-lib's standard fonts). */
const standardFontDataUrl = `${path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'))}/standard_fonts/`;

async function pdfText(bytes: Buffer): Promise<string> {
  const pdf = await getDocument({ data: new Uint8Array(bytes), standardFontDataUrl }).promise;
  const page = await pdf.getPage(1);
  const content = await page.getTextContent();
  return content.items.map((item) => ('str' in item ? item.str : '')).join(' ');
}

describe('certificates of a finished event', () => {
  let t: TestApp;
  let organiser: Member, moderator: Member, admin: Member, attended: Member, absent: Member, undone: Member, stranger: Member, manager: Member, doorkeeper: Member;
  let eventId: string;
  const base = () => `/api/certificates/listings/event/${eventId}`;

  const door = async (type: 'AttendeeCheckedIn' | 'AttendeeCheckInUndone', who: Member) => {
    const at = t.clock.now().toISOString();
    const on = { listingKind: 'event', listingId: eventId, at, byUserId: organiser.userId, attendeeId: who.userId };
    const data = type === 'AttendeeCheckedIn' ? { ...on, ticketId: null, scanId: crypto.randomUUID(), method: 'search', scannedAt: at } : on;
    await t.store.append(checkInStream('event', eventId), toNewEvents([{ type, data }], { userId: organiser.userId }, at), 'any');
    await t.caughtUp();
  };
  const mine = async (who: Member) => ((await who.agent.get('/api/certificates/mine').expect(200)).body as { data: CertificateList }).data.certificates;

  beforeAll(async () => {
    let members: Member[];
    ({ t, members } = await appWithMembers(['user', 'moderator', 'admin', 'user', 'user', 'user', 'user', 'user', 'user']));
    [organiser, moderator, admin, attended, absent, undone, stranger, manager, doorkeeper] = members as [Member, Member, Member, Member, Member, Member, Member, Member, Member];
    ({ id: eventId } = await listedEvent(organiser, moderator, t));
    await organiser.agent.put(`/api/listings/event/${eventId}/co-hosts/${manager.username}`).send({ role: 'manager' }).expect(200);
    await organiser.agent.put(`/api/listings/event/${eventId}/co-hosts/${doorkeeper.username}`).send({ role: 'check-in' }).expect(200);
    for (const who of [attended, absent, undone]) await who.agent.post(`/api/events/${eventId}/register`).send(fullProfile).expect(201);
    await door('AttendeeCheckedIn', attended);
    await door('AttendeeCheckedIn', undone);
    await door('AttendeeCheckInUndone', undone);
  }, 180_000);
  afterAll(async () => t?.stop());

  it('refuses to issue before the event has ended', async () => {
    const preview = (await organiser.agent.post(`${base()}/preview`).send({}).expect(200)).body as { data: CertificatePreview };
    expect(preview.data.ended).toBe(false);
    const res = await organiser.agent.post(`${base()}/issue`).send({}).expect(400);
    expect(res.body.message).toBe(M.notEnded);
  });

  it('only the organiser or an admin previews, issues and lists', async () => {
    t.clock.advance(9 * DAY);
    for (const who of [stranger, moderator, attended]) {
      expect((await who.agent.post(`${base()}/issue`).send({}).expect(403)).body.message).toBe(M.notOrganiser);
      await who.agent.post(`${base()}/preview`).send({}).expect(403);
      await who.agent.get(base()).expect(403);
    }
    await t.request().post(`${base()}/issue`).send({}).expect(401);
    const preview = (await admin.agent.post(`${base()}/preview`).send({}).expect(200)).body as { data: CertificatePreview };
    // Checked in: one; registered but absent, and checked in then undone: none.
    expect(preview.data).toMatchObject({ ended: true, eligible: { participation: 1, achievement: 0 }, toIssue: { participation: 1, achievement: 0 } });
  });

  it('issues to those eligible only, and issuing again issues nothing new', async () => {
    const first = await organiser.agent.post(`${base()}/issue`).send({}).expect(200);
    expect(first.body.data.issued).toEqual({ participation: 1, achievement: 0 });
    const again = await organiser.agent.post(`${base()}/issue`).send({}).expect(200);
    expect(again.body.data.issued).toEqual({ participation: 0, achievement: 0 });
    expect(await mine(attended)).toHaveLength(1);
    expect(await mine(absent)).toEqual([]);
    expect(await mine(undone)).toEqual([]);
    // Checked in late: the next issue adds that one only.
    await door('AttendeeCheckedIn', absent);
    expect((await organiser.agent.post(`${base()}/issue`).send({}).expect(200)).body.data.issued).toEqual({ participation: 1, achievement: 0 });
    const listed = ((await organiser.agent.get(base()).expect(200)).body as { data: CertificateList }).data.certificates;
    expect(listed.map((c) => c.holderId).sort()).toEqual([attended.userId, absent.userId].sort());
  });

  it('verifies from the events: the facts, a check-in undone since, a revocation; an unknown id is 404', async () => {
    const [certificate] = await mine(attended);
    expect(certificate!.certificateId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const verify = async () => ((await t.request().get(`/api/certificates/${certificate!.certificateId}/verification`).expect(200)).body as { data: CertificateVerification }).data;
    const before = await verify();
    expect(before.certificate).toMatchObject({ holderId: attended.userId, kind: 'participation', revokedAt: null });
    expect(before.facts.registeredAt).not.toBeNull();
    expect(before.facts.checkedInAt).not.toBeNull();
    expect(before.checkIn.state).toBe('checked-in');

    await door('AttendeeCheckInUndone', attended);
    const afterUndo = await verify();
    expect(afterUndo.checkIn.state).toBe('undone');
    expect(afterUndo.facts.checkedInAt).toBe(before.facts.checkedInAt);
    expect(afterUndo.eventsRead).toBeGreaterThan(before.eventsRead);

    const revokeAt = `${base()}/${certificate!.certificateId}/revoke`;
    await stranger.agent.post(revokeAt).send({ reason: 'mine now' }).expect(403);
    expect((await organiser.agent.post(revokeAt).send({ reason: '  ' }).expect(400)).body.message).toBe(M.reasonRequired);
    expect((await verify()).certificate.revokedAt).toBeNull();
    await organiser.agent.post(revokeAt).send({ reason: 'Left before the talks began' }).expect(200);
    expect((await verify()).certificate).toMatchObject({ revokeReason: 'Left before the talks began' });
    await admin.agent.post(revokeAt).send({ reason: 'again' }).expect(409);

    const unknown = await t.request().get('/api/certificates/AAAAAAAAAAAAAAAAAAAAAA/verification').expect(404);
    expect(unknown.body.message).toBe('No certificate with this id');
    await t.request().get('/api/certificates/not-an-id/verification').expect(404);
  });

  it('the PDF opens and holds the name, the listing and the verification link; only the holder, organiser or an admin gets it', async () => {
    const [certificate] = await mine(absent);
    const path = `/api/certificates/${certificate!.certificateId}/pdf`;
    const res = await bytesOf(absent.agent, path).expect(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="certificate-participation-event-.*\.pdf"$/);
    const text = await pdfText(res.body as Buffer);
    expect(text).toContain(certificate!.holderName);
    expect(text).toContain(certificate!.listingTitle);
    expect(text).toContain(`/verify/${certificate!.certificateId}`);
    expect(text).toContain('Certificate of Participation');
    await bytesOf(organiser.agent, path).expect(200);
    await bytesOf(admin.agent, path).expect(200);
    await stranger.agent.get(path).expect(403);
    await t.request().get(path).expect(401);
  });

  it('a manager co-host previews, issues, lists, downloads and revokes; a check-in co-host is refused', async () => {
    for (const refused of [doorkeeper.agent.post(`${base()}/issue`).send({}), doorkeeper.agent.post(`${base()}/preview`).send({}), doorkeeper.agent.get(base())]) {
      expect((await refused.expect(403)).body.message).toBe(M.notOrganiser);
    }
    // Checked in again after the undo: eligible now, and the manager's issue gives them theirs.
    await door('AttendeeCheckedIn', undone);
    const preview = (await manager.agent.post(`${base()}/preview`).send({}).expect(200)).body as { data: CertificatePreview };
    expect(preview.data.toIssue).toEqual({ participation: 1, achievement: 0 });
    expect((await manager.agent.post(`${base()}/issue`).send({}).expect(200)).body.data.issued).toEqual({ participation: 1, achievement: 0 });
    const listed = ((await manager.agent.get(base()).expect(200)).body as { data: CertificateList }).data.certificates;
    const theirs = listed.find((c) => c.holderId === undone.userId)!;
    await bytesOf(manager.agent, `/api/certificates/${theirs.certificateId}/pdf`).expect(200);
    await doorkeeper.agent.get(`/api/certificates/${theirs.certificateId}/pdf`).expect(403);
    const revokeAt = `${base()}/${theirs.certificateId}/revoke`;
    await doorkeeper.agent.post(revokeAt).send({ reason: 'not mine to revoke' }).expect(403);
    await manager.agent.post(revokeAt).send({ reason: 'Issued by mistake' }).expect(200);
    expect((await mine(undone))[0]).toMatchObject({ revokeReason: 'Issued by mistake' });
  });

  it('badges: earned and unrevoked, none once the holder hides them', async () => {
    const badgesOf = async (who: Member) => (await t.request().get(`/api/certificates/badges/${who.userId}`).expect(200)).body.data.badges as { certificateId: string }[];
    const [held] = await mine(absent);
    expect((await badgesOf(absent)).map((b) => b.certificateId)).toEqual([held!.certificateId]);
    // attended's only certificate was revoked above.
    expect(await badgesOf(attended)).toEqual([]);
    await absent.agent.put('/api/certificates/badges').send({ visible: 'no' }).expect(400);
    await absent.agent.put('/api/certificates/badges').send({ visible: false }).expect(200);
    expect(await badgesOf(absent)).toEqual([]);
    expect((await absent.agent.get('/api/certificates/badges').expect(200)).body.data).toEqual({ visible: false });
    await absent.agent.put('/api/certificates/badges').send({ visible: true }).expect(200);
    expect(await badgesOf(absent)).toHaveLength(1);
  });
});
