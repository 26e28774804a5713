import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestSchema, testDatabaseUrl } from '@circuit/shared/testkit/postgres';
import { describeWhen } from '@circuit/shared/testkit/skip';
import { PRESET_SKILLS } from '@circuit/shared/profiles/skills';
import { UpdateProfileBody } from '@circuit/shared/validation/profile';
import { createTestApp, type Agent, type TestApp } from '@circuit/embedded/testing/test-app';
import { recordBlock } from '../profiles/blocks.testkit';

/** GET /api/users/search/by: typo-tolerant text, skills overlap, exclusions, paging with an exact total. */

interface Person {
  userId: string;
  username: string;
}

function searchSuite(open: () => Promise<{ t: TestApp; close(): Promise<void> }>) {
  let t: TestApp;
  let close: () => Promise<void>;
  let viewer: Agent;
  let viewerId: string;
  const people: Record<string, Person> = {};

  async function person(key: string, profile: { firstName: string; lastName: string; tagline?: string; skills?: string[] }, options: { verified?: boolean } = {}) {
    const user = t.newUser({ firstName: profile.firstName, lastName: profile.lastName });
    const { userId } = await t.embedded.commands.accounts.register({ ...user, emailVerified: options.verified ?? true }, {});
    await t.embedded.commands.profiles.updateProfile(userId, UpdateProfileBody.parse({ country: 'Other', address: 'Somewhere', ...profile }), {});
    people[key] = { userId, username: user.username };
    return userId;
  }

  const search = (query: Record<string, string | number | undefined>, agent: Agent = viewer) => agent.get('/api/users/search/by').query(query);
  const usernames = (body: { data: { users: { username: string }[] } }) => body.data.users.map((u) => u.username);
  const name = (key: string) => people[key]!.username;

  beforeAll(async () => {
    ({ t, close } = await open());
    const me = t.newUser({ firstName: 'Viewer', lastName: 'Person' });
    ({ userId: viewerId } = await t.embedded.commands.accounts.register({ ...me, emailVerified: true }, {}));
    await t.embedded.commands.profiles.updateProfile(viewerId, UpdateProfileBody.parse({ firstName: 'Viewer', lastName: 'Person', country: 'Other', address: 'Here', skills: ['Elixir'] }), {});
    viewer = t.request();
    await viewer.post('/api/auth/login').send({ identifier: me.username, password: me.password }).expect(200);

    await person('zeph', { firstName: 'Zephyrine', lastName: 'Quistorp', tagline: 'Compiler hacker', skills: ['Rust', 'Go'] });
    await person('mira', { firstName: 'Miranda', lastName: 'Okonkwo', tagline: 'Designs accessible interfaces', skills: ['Figma', 'React'] });
    for (const i of [1, 2, 3]) await person(`e${i}`, { firstName: `Elixa${i}`, lastName: 'Brewer', skills: ['Elixir'] });
    for (const i of [1, 2]) await person(`o${i}`, { firstName: `Ocamla${i}`, lastName: 'Stone', skills: ['OCaml', 'Figma'] });
    await person('both', { firstName: 'Bothwell', lastName: 'Twin', skills: ['elixir', 'OCAML'] });
    await person('none', { firstName: 'Haskella', lastName: 'Curry', skills: ['Haskell'] });
    // Matching, but never listed: unverified, deactivated, blocked by the viewer, blocking the viewer.
    await person('unverified', { firstName: 'Zephyrine', lastName: 'Unverified', skills: ['Elixir'] }, { verified: false });
    await person('inactive', { firstName: 'Zephyrine', lastName: 'Inactive', skills: ['Elixir'] });
    await t.knex('users').where({ id: people.inactive!.userId }).update({ is_active: false });
    await person('blockedByViewer', { firstName: 'Zephyrine', lastName: 'Blocked', skills: ['Elixir'] });
    await recordBlock(t.knex, viewerId, people.blockedByViewer!.userId);
    await person('blocksViewer', { firstName: 'Zephyrine', lastName: 'Blocker', skills: ['Elixir'] });
    await recordBlock(t.knex, people.blocksViewer!.userId, viewerId);
  });
  afterAll(async () => {
    await close?.();
  });

  it('answers 401 when signed out and 400 when there is neither text nor a skill', async () => {
    await t.request().get('/api/users/search/by').query({ q: 'zeph' }).expect(401);
    for (const query of [{}, { q: '   ' }, { skills: ' , ,' }, { q: '', skills: '' }]) {
      await search(query).expect(400, { success: false, message: 'Enter a search term or pick at least one skill' });
    }
  });

  it('finds a user by a misspelt first name, last name or tagline', async () => {
    for (const q of ['Zefyrine', 'quistrop', 'Zephyrin Quistorp']) {
      const res = await search({ q }).expect(200);
      expect(usernames(res.body), q).toEqual([name('zeph')]);
      expect(res.body.data.total).toBe(1);
    }
    const byTagline = await search({ q: 'acessible interfaces' }).expect(200);
    expect(usernames(byTagline.body)).toEqual([name('mira')]);
    const byUsername = await search({ q: name('mira') }).expect(200);
    expect(usernames(byUsername.body)[0]).toBe(name('mira'));
  });

  it('answers the contract shape', async () => {
    const res = await search({ q: 'Miranda Okonkwo' }).expect(200);
    expect(res.body).toEqual({
      success: true,
      message: '1 user found',
      data: {
        users: [
          {
            _id: people.mira!.userId,
            id: people.mira!.userId,
            username: name('mira'),
            firstName: 'Miranda',
            lastName: 'Okonkwo',
            profilePicture: null,
            tagline: 'Designs accessible interfaces',
            skills: ['Figma', 'React'],
          },
        ],
        total: 1,
        page: 1,
        limit: 20,
      },
    });
  });

  it('filters by two skills (either, any case), paginated with an exact total', async () => {
    const expected = ['e1', 'e2', 'e3', 'o1', 'o2', 'both'].map(name).sort();
    const page1 = await search({ skills: 'ELIXIR, ocaml', limit: 4, page: 1 }).expect(200);
    const page2 = await search({ skills: 'ELIXIR, ocaml', limit: 4, page: 2 }).expect(200);
    const page3 = await search({ skills: 'ELIXIR, ocaml', limit: 4, page: 3 }).expect(200);
    expect([page1.body.data.total, page2.body.data.total, page3.body.data.total]).toEqual([6, 6, 6]);
    expect([usernames(page1.body).length, usernames(page2.body).length, usernames(page3.body).length]).toEqual([4, 2, 0]);
    expect([...usernames(page1.body), ...usernames(page2.body)].sort()).toEqual(expected);
    // Whoever has both skills ranks first.
    expect(usernames(page1.body)[0]).toBe(name('both'));
    expect(page1.body.data).toMatchObject({ page: 1, limit: 4 });
  });

  it('combines text and skills (both must match)', async () => {
    const res = await search({ q: 'Ocamla', skills: 'Figma' }).expect(200);
    expect(usernames(res.body).sort()).toEqual([name('o1'), name('o2')].sort());
    const none = await search({ q: 'Zephyrine', skills: 'Figma' }).expect(200);
    expect(none.body.data).toMatchObject({ users: [], total: 0 });
  });

  it('never lists the viewer, unverified or deactivated users, or anyone blocked either way', async () => {
    const res = await search({ skills: 'Elixir', limit: 50 }).expect(200);
    const listed = usernames(res.body);
    for (const hidden of ['unverified', 'inactive', 'blockedByViewer', 'blocksViewer']) expect(listed).not.toContain(name(hidden));
    expect(res.body.data.users.map((u: { id: string }) => u.id)).not.toContain(viewerId);
    expect(res.body.data.total).toBe(4); // e1, e2, e3, both
    const zephs = await search({ q: 'Zephyrine' }).expect(200);
    expect(usernames(zephs.body)).toEqual([name('zeph')]);

    // Someone outside the blocks sees the blocked pair (and the viewer).
    const other = t.newUser();
    await t.embedded.commands.accounts.register({ ...other, emailVerified: true }, {});
    const agent = t.request();
    await agent.post('/api/auth/login').send({ identifier: other.username, password: other.password }).expect(200);
    const theirs = await search({ skills: 'Elixir', limit: 50 }, agent).expect(200);
    expect(theirs.body.data.total).toBe(7);
  });

  it('defaults to 20 per page, caps the limit at 50 and treats bad numbers as defaults', async () => {
    expect((await search({ skills: 'Elixir', limit: 500 }).expect(200)).body.data).toMatchObject({ limit: 50, page: 1 });
    expect((await search({ skills: 'Elixir', limit: 'many', page: 'first' }).expect(200)).body.data).toMatchObject({ limit: 20, page: 1 });
    expect((await search({ skills: 'Elixir', page: 0 }).expect(200)).body.data).toMatchObject({ page: 1 });
  });

  it('treats LIKE wildcards in the text as plain characters', async () => {
    const res = await search({ q: '%' }).expect(200);
    expect(res.body.data.total).toBe(0);
  });

  it('offers the preset skill list', async () => {
    const res = await t.request().get('/api/users/skills/preset').expect(200);
    expect(res.body).toEqual({ success: true, data: [...PRESET_SKILLS] });
  });
}

describe('user search on PGlite', () => {
  searchSuite(async () => {
    const t = await createTestApp();
    return { t, close: () => t.stop() };
  });
});

describeWhen('user search on Postgres', testDatabaseUrl(), (url) => {
  searchSuite(async () => {
    const db = await createTestSchema({ url, label: 'user_search' });
    const t = await createTestApp({ knex: db.knex });
    return {
      t,
      close: async () => {
        await t.stop();
        await db.cleanup();
      },
    };
  });
});
