import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { hackathonFormFixture } from '@circuit/command-service/hackathons/hackathon-form-fixture';
import { formatDate } from '@circuit/shared/time/format';
import { createTestApp, type TestApp } from './testing/test-app';

const ROOT = path.resolve(import.meta.dirname, '../..');
const built = fs.existsSync(path.join(ROOT, 'public-web/dist/index.html')) && fs.existsSync(path.join(ROOT, 'public-web/dist-server/entry-server.js'));

type Member = Awaited<ReturnType<TestApp['member']>>;

/** The server state block of a page, parsed. */
function serverStateOf(html: string): { queries: { queries: { queryKey: unknown[]; state: { data: unknown } }[] } } | null {
  const block = /<script type="application\/json" id="circuit-ssr">([\s\S]*?)<\/script>/.exec(html)?.[1];
  return block ? JSON.parse(block) : null;
}

/** The schema.org objects of a page's JSON-LD blocks. */
function jsonLdOf(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!));
}

const metaOf = (html: string, property: string) => new RegExp(`<meta (?:property|name)="${property}" content="([^"]*)"`).exec(html)?.[1];

/** Public pages rendered on the server (issue 33): what a crawler, a link preview or `curl` gets. */
describe.skipIf(!built)('public pages rendered on the server', () => {
  let t: TestApp;
  let organiser: Member;
  let moderator: Member;
  let live: { id: string; username: string; title: string; startDate: string; endDate: string };
  beforeAll(async () => {
    t = await createTestApp();
    [organiser, moderator] = await Promise.all([t.member(), t.member('moderator')]);
    const form = hackathonFormFixture(t.clock.now(), { title: 'Monsoon <Build> & Ship', organization: { name: 'Karnataka Coders' }, takeRegistrations: true });
    const created = await organiser.agent.post('/api/hackathons').send(form).expect(201);
    await moderator.agent.post(`/api/admin/hackathons/${created.body.data.id}/approve`).send({}).expect(200);
    live = { id: created.body.data.id, username: form.username, title: form.title, startDate: form.dates.startDate, endDate: form.dates.endDate };
  });
  afterAll(async () => t?.stop());

  const page = (url: string, agent = t.request()) => agent.get(url).set('Accept', 'text/html').set('Accept-Encoding', 'identity');

  it("sends a hackathon's page with its title, organiser and dates in the HTML, and the data the browser hydrates from", async () => {
    const res = await page(`/hackathons/${live.username}`).expect(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.text).toContain('<html lang="en" data-ssr>');
    expect(res.text).toContain('Monsoon &lt;Build&gt; &amp; Ship');
    expect(res.text).not.toContain('Monsoon <Build>');
    expect(res.text).toContain('Karnataka Coders');
    // The dates as the page writes them, in the zone a server render uses (India's, named).
    const text = res.text.replaceAll('\u00a0', ' ');
    for (const day of [live.startDate, live.endDate]) expect(text).toContain(formatDate(day, { timeZone: 'Asia/Kolkata' }));
    expect(res.text).toContain(`<title>Monsoon &lt;Build&gt; &amp; Ship · Circuit</title>`);
    expect(res.text).toContain(`<link rel="canonical" href="http://localhost:3000/hackathons/${live.username}">`);
    const state = serverStateOf(res.text);
    const detail = state?.queries.queries.find((q) => JSON.stringify(q.queryKey) === JSON.stringify(['hackathons', 'detail', live.username]));
    expect((detail?.state.data as { title?: string } | undefined)?.title).toBe(live.title);
  });

  it("describes the hackathon to search engines as a schema.org Event with the properties Google documents", async () => {
    const res = await page(`/hackathons/${live.username}`).expect(200);
    const event = jsonLdOf(res.text).find((node) => node['@type'] === 'Event');
    expect(event).toBeDefined();
    // Required: name, startDate, location (a Place with an address for an event on site).
    expect(event).toMatchObject({ '@context': 'https://schema.org', name: live.title, startDate: live.startDate });
    expect(event!.location).toMatchObject({ '@type': 'Place', address: { '@type': 'PostalAddress', addressLocality: 'Bengaluru', addressRegion: 'Karnataka', addressCountry: 'India' } });
    // Recommended, where the listing has them.
    expect(event).toMatchObject({
      endDate: live.endDate,
      eventStatus: 'https://schema.org/EventScheduled',
      eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
      organizer: { '@type': 'Organization', name: 'Karnataka Coders' },
      offers: { '@type': 'Offer', price: 0, priceCurrency: 'INR', availability: 'https://schema.org/InStock' },
    });
    expect(typeof event!.description).toBe('string');
    expect(Array.isArray(event!.image) ? event!.image[0] : event!.image).toMatch(/^http:\/\/localhost:3000\//);
  });

  it('names a link-preview image that answers, and the card when the listing has no banner', async () => {
    const res = await page(`/hackathons/${live.username}`).expect(200);
    const image = metaOf(res.text, 'og:image');
    expect(image).toBe(`http://localhost:3000/og/hackathons/${live.username}.png`);
    expect(metaOf(res.text, 'og:title')).toBe('Monsoon &lt;Build&gt; &amp; Ship · Circuit');
    expect(metaOf(res.text, 'twitter:card')).toBe('summary_large_image');
    const card = await t.request().get(new URL(image!).pathname).expect(200);
    expect(card.headers['content-type']).toBe('image/png');
  });

  it('escapes what an organiser typed: no markup of theirs reaches the server HTML as markup', async () => {
    const form = hackathonFormFixture(t.clock.now(), {
      title: '</script><script>alert(1)</script>',
      shortDescription: '"><img src=x onerror=alert(2)>',
      description: '<p>Hi<img src=x onerror="alert(3)"><script>alert(4)</script></p>',
      organization: { name: '<b onmouseover=alert(5)>Org</b>' },
    });
    const created = await organiser.agent.post('/api/hackathons').send(form).expect(201);
    await moderator.agent.post(`/api/admin/hackathons/${created.body.data.id}/approve`).send({}).expect(200);
    const res = await page(`/hackathons/${form.username}`).expect(200);
    // Escaped, the payloads are text: no element of theirs, no handler attribute, no script of theirs.
    expect(res.text).not.toMatch(/<script>alert/i);
    expect(res.text).not.toMatch(/<[a-z][^>]*\son[a-z]+\s*=/i);
    expect(res.text).not.toMatch(/<img src=x/i);
    expect(res.text).toContain('&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    // The data blocks still parse back to what was typed.
    expect(jsonLdOf(res.text).find((node) => node['@type'] === 'Event')?.name).toBe(form.title);
    expect(serverStateOf(res.text)).not.toBeNull();
  });

  it('answers a listing in review with the status the API gives a signed-out visitor (403) and none of its content, even to its organiser', async () => {
    const form = hackathonFormFixture(t.clock.now(), { title: 'Secret pending hackathon' });
    await organiser.agent.post('/api/hackathons').send(form).expect(201);
    for (const agent of [t.request(), organiser.agent]) {
      const res = await page(`/hackathons/${form.username}`, agent);
      expect(res.status).toBe(403);
      expect(res.text).not.toContain('Secret pending hackathon');
      expect(serverStateOf(res.text)).toBeNull();
    }
  });

  it('renders the lists and the home page with their listings', async () => {
    for (const url of ['/', '/hackathons']) {
      const res = await page(url).expect(200);
      expect(res.text).toContain('data-ssr');
      expect(res.text).toContain('Monsoon &lt;Build&gt; &amp; Ship');
    }
  });

  it('answers a profile nobody has with a 404 and the shell', async () => {
    const res = await page('/in/nobody_by_this_name');
    expect(res.status).toBe(404);
    expect(serverStateOf(res.text)).toBeNull();
  });

  it("answers a hackathon nobody has with a 404 and the shell, without rendering its screen's redirect to /404", async () => {
    const warnings: unknown[][] = [];
    const spies = [vi.spyOn(console, 'warn'), vi.spyOn(console, 'error')].map((spy) => spy.mockImplementation((...args: unknown[]) => void warnings.push(args)));
    try {
      const res = await page('/hackathons/no-such-hackathon');
      expect(res.status).toBe(404);
      expect(serverStateOf(res.text)).toBeNull();
      // React Router's complaint about a <Navigate> in a static render, which the browser then follows.
      expect(warnings.map((args) => args.map(String).join(' '))).toEqual([]);
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
  });

  it('leaves the signed-in screens to the browser: the app shell, as before', async () => {
    const res = await page('/dashboard', organiser.agent).expect(200);
    expect(res.text).not.toContain('data-ssr');
    expect(serverStateOf(res.text)).toBeNull();
  });

  it('compresses the page for a browser that accepts it', async () => {
    const res = await t.request().get(`/hackathons/${live.username}`).set('Accept', 'text/html').set('Accept-Encoding', 'br, gzip');
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('no-cache');
  });
});
