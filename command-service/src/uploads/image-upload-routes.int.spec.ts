import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@circuit/embedded/testing/test-app';

/** POST /api/upload/image: the listing forms' direct upload (banner, organisation logo). */

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

describe('listing image upload', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.stop());

  it('stores a PNG sent as `file` and answers data.image; refuses guests, text and the wrong field', async () => {
    await t.request().post('/api/upload/image').attach('file', PNG, 'logo.png').expect(401);
    const user = t.newUser();
    await t.embedded.commands.accounts.register({ ...user, emailVerified: true }, {});
    const agent = t.request();
    await agent.post('/api/auth/login').send({ identifier: user.username, password: user.password }).expect(200);

    const res = await agent.post('/api/upload/image').attach('file', PNG, 'logo.png').expect(200);
    expect(res.body).toEqual({ success: true, message: 'Image uploaded', data: { image: expect.stringMatching(/^\/uploads\/listings\/[0-9a-f-]{36}\.png$/) } });
    const served = await t.request().get(res.body.data.image).expect(200);
    expect(served.headers['content-type']).toBe('image/png');

    await agent.post('/api/upload/image').attach('file', Buffer.from('hello'), 'logo.png').expect(400, { success: false, message: 'Please upload a PNG, JPG, GIF or WebP image' });
    const wrongField = await agent.post('/api/upload/image').attach('image', PNG, 'logo.png').expect(400);
    expect(wrongField.body.message).toBe('Please upload the image in the field "file"');
  });
});
