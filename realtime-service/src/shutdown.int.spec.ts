import http from 'node:http';
import { Writable } from 'node:stream';
import type { RequestHandler } from 'express';
import { pino } from 'pino';
import { expect, it } from 'vitest';
import { describeWhen } from '@circuit/shared/testkit/skip';
import { io, type Socket } from 'socket.io-client';
import { createTestSchema, testDatabaseUrl } from '@circuit/shared/testkit/postgres';
import { InProcessBus } from '@circuit/shared/adapters/bus/in-process-bus';
import { waitFor } from '@circuit/shared/testkit/wait';
import { createRealtimeService } from './realtime-service';

/** Signs every socket in as the user named by its `x-user` header (the real session is tested elsewhere). */
const headerSession: RequestHandler = (req, _res, next) => {
  const userId = String(req.headers['x-user'] ?? '') || undefined;
  Object.assign(req, { session: { userId }, sessionID: userId && `sid-${userId}` });
  next();
};

// A pool that closes while queries wait for a connection aborts them: the failure of issue 8 shows on Postgres.
describeWhen('realtime service shutdown on Postgres', testDatabaseUrl(), (url) => {
  it('closes its sockets and finishes their presence writes before stop() resolves, so the pool can close right after', async () => {
    const db = await createTestSchema({ url, label: 'realtime_shutdown', poolMax: 10 });
    const knex = db.knex;
    // The read model the presence announcements look up (the social projection's, empty here).
    await knex.schema.createTable('user_connections', (t) => {
      t.text('user_id');
      t.text('other_id');
    });
    const lines: string[] = [];
    const log = pino({ level: 'warn' }, new Writable({ write: (chunk, _enc, done) => (lines.push(String(chunk)), done()) }));
    const server = http.createServer();
    const realtime = await createRealtimeService({ httpServer: server, session: headerSession, log, bus: new InProcessBus(), knex, allowedOrigins: ['http://localhost'] });
    await new Promise<void>((resolve) => server.listen(0, resolve));
    const port = (server.address() as { port: number }).port;
    const sockets: Socket[] = [];
    try {
      for (let i = 0; i < 40; i++) {
        const userId = `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
        const socket = io(`http://127.0.0.1:${port}`, { transports: ['websocket'], extraHeaders: { 'x-user': userId }, reconnection: false, forceNew: true });
        sockets.push(socket);
        await new Promise<void>((resolve, reject) => {
          socket.once('connect', () => resolve());
          socket.once('connect_error', reject);
        });
      }
      await waitFor(async () => (await knex('presence_sockets').count<{ count: number }[]>('* as count'))[0]!.count === 40, { timeoutMs: 20_000, message: '40 sockets present' });

      await realtime.stop();
      expect(await knex('presence_sockets').select('socket_id'), 'presence of a stopped instance').toEqual([]);
      // What a composition root does next: close the pool. Nothing may still be writing to it.
      await knex.destroy();
      await new Promise((r) => setTimeout(r, 300));
      expect(lines.filter((l) => /failed|aborted/i.test(l))).toEqual([]);
    } finally {
      for (const s of sockets) s.close();
      server.close();
      await db.cleanup();
    }
  }, 90_000);
});
