import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import express from 'express';
import { pino } from 'pino';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicPages } from '../../server/public-pages';

/** The router of the public pages when their server bundle cannot be loaded (a broken or mismatched build). */
describe('public pages with a server bundle that does not load', () => {
  let dir: string;
  const logged: { level: number; msg: string }[] = [];
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'circuit-broken-ssr-'));
    fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><html lang="en"><body><div id="root"></div></body></html>');
    // As a bundle compiled for React's development runtime fails under its production build.
    fs.writeFileSync(path.join(dir, 'entry-server.js'), "throw new TypeError('(0 , import_jsx_dev_runtime.jsxDEV) is not a function');\n");
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('sends every page as the app shell, says why once, and keeps the server up', async () => {
    const log = pino({ level: 'info' }, { write: (line: string) => void logged.push(JSON.parse(line) as { level: number; msg: string }) });
    const app = express();
    app.use(publicPages({ dist: dir, serverEntry: path.join(dir, 'entry-server.js'), publicUrl: 'http://localhost:3000', log }));
    app.use((_req, res) => void res.type('html').send('the shell'));

    for (const url of ['/', '/hackathons', '/events']) {
      const res = await supertest(app).get(url).set('Accept', 'text/html').expect(200);
      expect(res.text).toBe('the shell');
    }
    expect(logged.filter((line) => line.level >= 50).map((line) => line.msg)).toEqual([
      "the public pages' server bundle did not load; every page goes out as the app shell (npm run build:web)",
    ]);
  });
});
