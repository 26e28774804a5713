import express from 'express';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@circuit/embedded/testing/test-app';
import { hackathonFormFixture } from '@circuit/command-service/hackathons/hackathon-form-fixture';
import { eventForm } from '@circuit/command-service/events/event-fixtures';
import { errorHandler } from '@circuit/shared/http/errors';
import { sitemapRoutes } from './sitemap-routes';

type Member = Awaited<ReturnType<TestApp['member']>>;
type Kind = 'hackathons' | 'events' | 'quizzes';

// http: with https the session cookie is Secure, and the test's plain-http agents would not send it back.
const PUBLIC_URL = 'http://circuit.example.test';
const FIXED = ['/', '/hackathons', '/events', '/quizzes', '/about', '/help', '/contact', '/terms', '/privacy'];
const W3C_SECOND = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/;

/** Each <url> of a urlset: its address and its lastmod (undefined without one). */
const entriesOf = (xml: string) => new Map([...xml.matchAll(/<url><loc>([^<]*)<\/loc>(?:<lastmod>([^<]*)<\/lastmod>)?<\/url>/g)].map((m) => [m[1]!, m[2]]));
const locsOf = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]!);

/** GET /robots.txt and /sitemap.xml through the embedded app, against listings and users in every state. */
describe('robots.txt and the sitemap', () => {
  let t: TestApp;
  let organiser: Member;
  let moderator: Member;
  /** The public paths the sitemap must list beyond the fixed pages, and those it must not. */
  const listed: string[] = [];
  const hidden: string[] = [];
  let approvedHackathon = '';

  function quizForm() {
    const at = (minutes: number) => new Date(t.clock.now().getTime() + minutes * 60_000).toISOString();
    const dates = { registrationStartDate: at(-60), registrationEndDate: at(60), startDate: at(-10), endDate: at(120) };
    return { title: 'Capitals', description: '<p>Capitals</p>', category: 'general', timeLimit: 5, dates, questions: [{ question: 'Paris?', options: ['France', 'Peru'], correctAnswer: 0, points: 1 }] };
  }

  /** A listing of `kind` created by `by`, and its public page's path. */
  async function created(kind: Kind, by: Member) {
    const form = kind === 'hackathons' ? hackathonFormFixture(t.clock.now()) : kind === 'events' ? eventForm(t) : quizForm();
    const data = (await by.agent.post(`/api/${kind}`).send(form).expect(201)).body.data as { id: string; username?: string };
    return { id: data.id, path: kind === 'quizzes' ? `/quiz/${data.id}` : `/${kind}/${data.username}` };
  }
  const approve = (kind: Kind, id: string) => moderator.agent.post(`/api/admin/${kind}/${id}/approve`).send({}).expect(200);

  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_URL } });
    let suspended: Member;
    let reader: Member;
    [organiser, moderator, suspended, reader] = await Promise.all([t.member(), t.member('moderator'), t.member(), t.member()]);
    for (const kind of ['hackathons', 'events', 'quizzes'] as const) {
      const approved = await created(kind, organiser);
      await approve(kind, approved.id);
      listed.push(approved.path);
      if (kind === 'hackathons') approvedHackathon = approved.path;

      const pending = await created(kind, organiser);
      const rejected = await created(kind, organiser);
      await moderator.agent.post(`/api/admin/${kind}/${rejected.id}/reject`).send({ reason: 'Add the venue' }).expect(200);
      const deleted = await created(kind, organiser);
      await approve(kind, deleted.id);
      await organiser.agent.delete(`/api/${kind}/${deleted.id}`).expect(200);
      // By an organiser suspended after the approval.
      const bySuspended = await created(kind, suspended);
      await approve(kind, bySuspended.id);
      hidden.push(pending.path, rejected.path, deleted.path, bySuspended.path);
    }
    await moderator.agent.post(`/api/admin/users/${suspended.userId}/suspend`).send({ reason: 'Spam listings' }).expect(200);
    const unverified = t.newUser();
    await t.request().post('/api/auth/signup').send(unverified).expect(201);
    listed.push(`/in/${organiser.username}`, `/in/${moderator.username}`, `/in/${reader.username}`);
    hidden.push(`/in/${suspended.username}`, `/in/${unverified.username}`);
    await t.caughtUp();
  });
  afterAll(async () => t?.stop());

  it('lists the fixed pages, each approved listing of every kind and each active verified profile on PUBLIC_URL, and nothing else', async () => {
    const res = await t.request().get('/sitemap.xml').expect(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    expect(res.text).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9">\n/);
    const locs = locsOf(res.text);
    expect(locs.filter((loc) => hidden.some((path) => loc === PUBLIC_URL + path))).toEqual([]);
    expect([...locs].sort()).toEqual([...FIXED, ...listed].map((path) => PUBLIC_URL + path).sort());
  });

  it("dates each listing and profile by its read model's last change, and each list page by its newest listing", async () => {
    const entries = entriesOf((await t.request().get('/sitemap.xml').expect(200)).text);
    for (const path of listed) expect([path, entries.get(PUBLIC_URL + path)]).toEqual([path, expect.stringMatching(W3C_SECOND)]);
    const row = await t.knex('hackathons').where({ username: approvedHackathon.split('/').at(-1) }).first('updated_at');
    const approvedAt = new Date(row.updated_at).toISOString().replace(/\.\d{3}Z$/, 'Z');
    expect(entries.get(PUBLIC_URL + approvedHackathon)).toBe(approvedAt);
    // The only public hackathon is the newest the list shows; a page with no read model has no date.
    expect(entries.get(`${PUBLIC_URL}/hackathons`)).toBe(approvedAt);
    expect(entries.get(`${PUBLIC_URL}/about`)).toBeUndefined();
  });

  it('splits into an index of numbered files past the per-file limit, the files together holding the whole sitemap', async () => {
    const whole = locsOf((await t.request().get('/sitemap.xml').expect(200)).text);
    // 15 pages, 7 a file: the second file starts in the fixed pages and ends inside the profiles, the third
    // reads the profiles from an offset; a row a read makes each of them continue after the last id.
    expect(whole).toHaveLength(15);
    const perFile = 7;
    const app = express().use(sitemapRoutes(t.knex, { publicUrl: `${PUBLIC_URL}/`, perFile, batch: 1 })).use(errorHandler);
    const index = await supertest(app).get('/sitemap.xml').expect(200).expect('Content-Type', 'application/xml; charset=utf-8');
    const files = Math.ceil(whole.length / perFile);
    expect(index.text).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(locsOf(index.text)).toEqual(Array.from({ length: files }, (_, i) => `${PUBLIC_URL}/sitemaps/${i + 1}.xml`));
    const parts: string[] = [];
    for (let n = 1; n <= files; n++) {
      const locs = locsOf((await supertest(app).get(`/sitemaps/${n}.xml`).expect(200)).text);
      expect(locs.length).toBeLessThanOrEqual(perFile);
      parts.push(...locs);
    }
    expect(parts).toEqual(whole);
    for (const name of [`${files + 1}.xml`, '0.xml', '1.txt', 'one.xml']) await supertest(app).get(`/sitemaps/${name}`).expect(404);
    // Unsplit, the pages are all at /sitemap.xml: no numbered file, and not the web app's page either.
    await t.request().get('/sitemaps/1.xml').expect(404);
  });

  it('answers robots.txt with the private routes closed and the sitemap on PUBLIC_URL', async () => {
    const res = await t.request().get('/robots.txt').expect(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    const lines = res.text.split('\n');
    expect(lines).toEqual(expect.arrayContaining(['User-agent: *', 'Disallow: /dashboard', 'Disallow: /admin', 'Disallow: /api/', 'Disallow: /quiz/*/take', `Sitemap: ${PUBLIC_URL}/sitemap.xml`]));
    expect(lines).not.toContain('Disallow: /hackathons');
  });
});
