import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Agent, type TestApp } from '@circuit/embedded/testing/test-app';

/** PUT /api/users/profile, POST /api/users/profile-picture and GET /uploads/* against the embedded app. */

// A real 1x1 PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
// A 1x1 GIF.
const GIF = Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');

const VALID = {
  firstName: 'Asha',
  lastName: 'Rao',
  tagline: 'Builds things',
  country: 'India',
  state: 'Kerala',
  address: 'MG Road, Kochi',
};

let t: TestApp;

async function member(overrides: Partial<ReturnType<TestApp['newUser']>> = {}): Promise<{ agent: Agent; userId: string; username: string; email: string }> {
  const user = t.newUser(overrides);
  const { userId } = await t.embedded.commands.accounts.register({ ...user, emailVerified: true }, {});
  const agent = t.request();
  await agent.post('/api/auth/login').send({ identifier: user.username, password: user.password }).expect(200);
  return { agent, userId, username: user.username, email: user.email };
}

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.stop();
});

describe('PUT /api/users/profile', () => {
  it('answers 401 when signed out, and changes nothing', async () => {
    const head = await t.store.headPosition();
    await t.request().put('/api/users/profile').send(VALID).expect(401, { success: false, message: 'Authentication required' });
    expect(await t.store.headPosition()).toBe(head);
  });

  it('saves the form and answers the own view (with e-mail) that a refetch shows too', async () => {
    const { agent, userId, email } = await member();
    const res = await agent
      .put('/api/users/profile')
      .send({
        ...VALID,
        bio: '<p>Hello <strong>world</strong></p>',
        website: 'asha.dev',
        socialLinks: { github: 'https://github.com/asha', linkedin: 'https://www.linkedin.com/in/asha', twitter: 'https://x.com/asha' },
        college: 'CET',
        course: 'B.Tech',
        branch: 'Computer Science',
        collegeYear: '3rd Year',
        skills: ['React', 'react', 'Node.js'],
        mobile: '+91 98765 43210',
      })
      .expect(200);
    expect(res.body).toMatchObject({
      success: true,
      message: 'Profile updated successfully!',
      data: {
        _id: userId,
        id: userId,
        email,
        firstName: 'Asha',
        lastName: 'Rao',
        bio: '<p>Hello <strong>world</strong></p>',
        tagline: 'Builds things',
        website: 'https://asha.dev',
        socialLinks: { github: 'https://github.com/asha', linkedin: 'https://www.linkedin.com/in/asha', twitter: 'https://x.com/asha' },
        country: 'India',
        state: 'Kerala',
        address: 'MG Road, Kochi',
        college: 'CET',
        course: 'B.Tech',
        branch: 'Computer Science',
        collegeYear: '3rd Year',
        skills: ['react', 'Node.js'],
        mobile: '+91 98765 43210',
      },
    });
    const me = await agent.get('/api/auth/me').expect(200);
    expect(me.body.data).toMatchObject({ tagline: 'Builds things', website: 'https://asha.dev' });
  });

  it('keeps optional fields that a later save leaves out', async () => {
    const { agent } = await member();
    await agent.put('/api/users/profile').send({ ...VALID, tagline: 'First', college: 'NIT', skills: ['Go'] }).expect(200);
    const res = await agent.put('/api/users/profile').send({ ...VALID, tagline: undefined, firstName: 'Renamed' }).expect(200);
    expect(res.body.data).toMatchObject({ firstName: 'Renamed', tagline: 'First', college: 'NIT', skills: ['Go'] });
  });

  it('stores a bio without <script>, onerror= or javascript: links', async () => {
    const { agent, userId } = await member();
    const bio =
      '<p>Hi<script>alert("x")</script><img src="https://img.test/a.png" onerror="alert(1)">' +
      '<a href="javascript:alert(2)">bad</a> <a href="https://ok.test" onclick="x()">good</a></p><style>body{}</style>';
    const res = await agent.put('/api/users/profile').send({ ...VALID, bio }).expect(200);
    const row = await t.knex('users').where({ id: userId }).first('bio');
    for (const stored of [res.body.data.bio as string, row.bio as string]) {
      expect(stored).not.toMatch(/<script|alert|onerror|onclick|javascript:|<style/i);
      expect(stored).toContain('href="https://ok.test"');
      expect(stored).toContain('good');
    }
  });

  it('stores a bio without classes or styles, so it cannot dress up as the page around it', async () => {
    const { agent, userId } = await member();
    const bio =
      '<div class="fixed inset-0 z-50 bg-white" style="position:fixed;inset:0"><a class="btn-primary" href="https://evil.test/login" style="font-size:40px">Sign in again</a></div>' +
      '<p class="x"><span class="sr-only">hidden</span><font size="5" class="big" color="red">big</font></p>';
    const res = await agent.put('/api/users/profile').send({ ...VALID, bio }).expect(200);
    const row = await t.knex('users').where({ id: userId }).first('bio');
    for (const stored of [res.body.data.bio as string, row.bio as string]) {
      expect(stored).not.toMatch(/class=|style=|color=/i);
      expect(stored).toContain('<a href="https://evil.test/login">Sign in again</a>');
      expect(stored).toContain('<font size="5">big</font>');
    }
  });

  it('stores social links only when their host is the named site', async () => {
    const { agent } = await member();
    const res = await agent
      .put('/api/users/profile')
      .send({ ...VALID, socialLinks: { github: 'github.com/asha', linkedin: 'http://in.linkedin.com/in/asha', twitter: 'https://twitter.com/asha' } })
      .expect(200);
    expect(res.body.data.socialLinks).toEqual({ github: 'https://github.com/asha', linkedin: 'http://in.linkedin.com/in/asha', twitter: 'https://twitter.com/asha' });
  });

  describe('refuses a form that breaks a rule with the spec message, and changes nothing', () => {
    const cases: [string, Record<string, unknown>, string][] = [
      ['first name missing', { firstName: '  ' }, 'First name is required'],
      ['last name missing', { lastName: undefined }, 'Last name is required'],
      ['bio over 500 characters of text', { bio: `<p>${'a'.repeat(501)}</p>` }, 'Bio cannot exceed 500 characters'],
      ['tagline over 100 characters', { tagline: 't'.repeat(101) }, 'Tagline cannot exceed 100 characters'],
      ['country missing', { country: '' }, 'Country is required'],
      ['state missing for India', { country: 'India', state: '' }, 'State is required for India'],
      ['address missing', { address: undefined }, 'Address is required'],
      ['GitHub link elsewhere', { socialLinks: { github: 'https://gitlab.com/asha' } }, 'Please enter a valid GitHub URL'],
      ['LinkedIn link elsewhere', { socialLinks: { linkedin: 'https://example.com/asha' } }, 'Please enter a valid LinkedIn URL'],
      ['Twitter link elsewhere', { socialLinks: { twitter: 'https://mastodon.social/@asha' } }, 'Please enter a valid Twitter URL'],
      ['GitHub link that is a script', { socialLinks: { github: 'javascript:alert(document.cookie)//github.com' } }, 'Please enter a valid GitHub URL'],
      ['GitHub link on a look-alike host', { socialLinks: { github: 'https://github.com.evil.test/asha' } }, 'Please enter a valid GitHub URL'],
      ['GitHub link naming the site as a user', { socialLinks: { github: 'https://github.com@evil.test/asha' } }, 'Please enter a valid GitHub URL'],
      ['LinkedIn link with the site in the path', { socialLinks: { linkedin: 'https://evil.test/linkedin.com' } }, 'Please enter a valid LinkedIn URL'],
      ['Twitter link as data', { socialLinks: { twitter: 'data:text/html,x.com' } }, 'Please enter a valid Twitter URL'],
    ];
    let agent: Agent;
    let userId: string;
    beforeAll(async () => {
      ({ agent, userId } = await member());
      await agent.put('/api/users/profile').send({ ...VALID, tagline: 'Before' }).expect(200);
    });

    it.each(cases)('%s', async (_name, change, message) => {
      const before = await t.knex('users').where({ id: userId }).first();
      const head = await t.store.headPosition();
      const res = await agent.put('/api/users/profile').send({ ...VALID, ...change }).expect(400);
      expect(res.body).toMatchObject({ success: false, message });
      expect(await t.knex('users').where({ id: userId }).first()).toEqual(before);
      expect(await t.store.headPosition()).toBe(head);
    });

    it('accepts a bio of exactly 500 characters of text and an x.com Twitter link, and a state outside India is not required', async () => {
      await agent
        .put('/api/users/profile')
        .send({ ...VALID, bio: `<p><b>${'a'.repeat(500)}</b></p>`, socialLinks: { twitter: 'https://x.com/asha' } })
        .expect(200);
      const res = await agent.put('/api/users/profile').send({ ...VALID, country: 'Other', state: undefined }).expect(200);
      expect(res.body.data).toMatchObject({ country: 'Other', state: '' });
    });
  });
});

describe('POST /api/users/profile-picture and GET /uploads/*', () => {
  it('answers 401 when signed out', async () => {
    await t.request().post('/api/users/profile-picture').attach('profilePicture', PNG, 'me.png').expect(401);
  });

  it('accepts a real PNG, records it on the profile and serves it back with safe cache headers', async () => {
    const { agent, userId } = await member();
    const res = await agent.post('/api/users/profile-picture').attach('profilePicture', PNG, 'me.png').expect(200);
    const url = res.body.data.profilePicture as string;
    expect(url).toMatch(/^\/uploads\/profile-pictures\/[0-9a-f-]{36}\.png$/);
    expect(res.body).toMatchObject({ success: true, message: 'Profile picture updated successfully!', data: { user: { id: userId, profilePicture: url } } });
    expect((await t.knex('users').where({ id: userId }).first('profile_picture')).profile_picture).toBe(url);

    const served = await t.request().get(url).buffer(true).expect(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['cache-control']).toContain('max-age=31536000');
    expect(Buffer.compare(served.body as Buffer, PNG)).toBe(0);

    // The public profile shows it too.
    const profile = await t.request().get(`/api/users/${userId}`).expect(200);
    expect(profile.body.data.profilePicture).toBe(url);

    // A new picture replaces it; the old file is gone.
    const next = await agent.post('/api/users/profile-picture').attach('profilePicture', GIF, 'anything.bin').expect(200);
    expect(next.body.data.profilePicture).toMatch(/\.gif$/);
    await t.request().get(url).expect(404);
    await t.request().get(next.body.data.profilePicture).expect(200).expect('Content-Type', 'image/gif');
  });

  it('refuses a text file named .png, changes nothing', async () => {
    const { agent, userId } = await member();
    const head = await t.store.headPosition();
    const res = await agent.post('/api/users/profile-picture').attach('profilePicture', Buffer.from('just some text, not an image'), { filename: 'photo.png', contentType: 'image/png' }).expect(400);
    expect(res.body).toEqual({ success: false, message: 'Please upload a PNG, JPG, GIF or WebP image' });
    expect(await t.store.headPosition()).toBe(head);
    expect((await t.knex('users').where({ id: userId }).first('profile_picture')).profile_picture).toBeNull();
  });

  it('refuses an image over 5 MB with 413', async () => {
    const { agent } = await member();
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024, 1)]);
    const res = await agent.post('/api/users/profile-picture').attach('profilePicture', big, 'big.png');
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ success: false, message: 'Image must be 5MB or less' });
  });

  it('refuses a request without a file, or with the file in another field', async () => {
    const { agent } = await member();
    await agent.post('/api/users/profile-picture').send({}).expect(400, { success: false, message: 'Please choose an image to upload' });
    const other = await agent.post('/api/users/profile-picture').attach('avatar', PNG, 'me.png').expect(400);
    expect(other.body.message).toBe('Please upload the image in the field "profilePicture"');
  });

  it('answers 404 for unknown files and for paths outside the store', async () => {
    await t.request().get('/uploads/profile-pictures/00000000-0000-4000-8000-000000000000.png').expect(404);
    await t.request().get('/uploads/..%2F..%2Fpackage.json').expect(404);
    await t.request().get('/uploads/profile-pictures/../../package.json').expect(404);
  });
});
