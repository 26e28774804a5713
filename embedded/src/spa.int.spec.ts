import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './testing/test-app';

const dist = path.resolve(import.meta.dirname, '../../public-web/dist');
const built = fs.existsSync(path.join(dist, 'index.html'));
const mainScript = () => fs.readFileSync(path.join(dist, 'index.html'), 'utf8').match(/src="(\/assets\/[^"]+\.js)"/)?.[1];

/** How the built web app is served (issue 9): pre-compressed text, fingerprinted files cached for a year. */
describe.skipIf(!built)('the public web app as served', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.stop();
  });

  it('sends fingerprinted assets brotli-compressed to browsers that accept it, cached for a year as immutable', async () => {
    const script = mainScript()!;
    const res = await t.request().get(script).set('Accept-Encoding', 'gzip, deflate, br').buffer(true).parse((r, done) => {
      const chunks: Buffer[] = [];
      r.on('data', (c: Buffer) => chunks.push(c));
      r.on('end', () => done(null, Buffer.concat(chunks)));
    });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toMatch(/Accept-Encoding/);
    // The client may have decoded the body already; either way it is the built file.
    const body = res.body as Buffer;
    const original = fs.readFileSync(path.join(dist, script));
    expect(body.equals(original) || zlib.brotliDecompressSync(body).equals(original)).toBe(true);
  });

  it('falls back to gzip, then to the plain file', async () => {
    const script = mainScript()!;
    const gz = await t.request().get(script).set('Accept-Encoding', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await t.request().get(script).set('Accept-Encoding', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(Number(plain.headers['content-length'])).toBe(fs.statSync(path.join(dist, script)).size);
  });

  it('revalidates index.html on every load, for any screen address the browser renders', async () => {
    // (A public page such as a profile is rendered on the server now: public-pages.int.spec.ts.)
    for (const url of ['/messages', '/dashboard', '/index.html']) {
      const res = await t.request().get(url).set('Accept-Encoding', 'br');
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-type']).toMatch(/text\/html/);
    }
  });

  it('does not serve files outside the build', async () => {
    const res = await t.request().get('/assets/..%2F..%2Fpackage.json');
    expect(res.headers['content-type']).toMatch(/text\/html/);
  });
});
