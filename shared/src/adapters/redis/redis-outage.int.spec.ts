import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InsuredRateCounterStore, RedisRateCounterStore } from '../../http/user-rate-limit';
import { resilientRedisClient } from './redis-client';

/**
 * Redis going away and coming back, on a Redis server of the test's own (a restart of the machine's
 * Redis would disturb the other suites). Needs `redis-server` on the PATH; says so and skips without it.
 */
const hasRedisServer = spawnSync('redis-server', ['--version']).status === 0;
if (!hasRedisServer) console.warn('redis-outage: skipped, no redis-server on the PATH');

/**
 * A free port below the ephemeral range (32768 and up on Linux): while this test's Redis is down, a
 * port from that range may be taken by another suite's outgoing connection or `listen(0)`, and the
 * Redis started again could not bind it, or the client would reach someone else's server.
 */
async function freePort(): Promise<number> {
  for (;;) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    const free = await new Promise<boolean>((resolve) => {
      const probe = net.createServer().once('error', () => resolve(false));
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
    });
    if (free) return port;
  }
}

/** The count Redis holds for a key (redis-cli, bounded: a hung call must fail the test, not freeze it). */
const sharedCount = (port: number, key: string) => Number(execFileSync('redis-cli', ['-p', String(port), 'get', key], { encoding: 'utf8', timeout: 5000 }).trim());

async function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn('redis-server', ['--port', String(port), '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  for (let i = 0; i < 100; i++) {
    const up = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => resolve(socket.end() !== undefined)).once('error', () => resolve(false));
    });
    if (up) return child;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('redis-server did not start');
}

async function stopRedis(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGKILL');
  await exited;
}

describe.skipIf(!hasRedisServer)('Redis outage', () => {
  let port: number;
  let redis: ChildProcess;

  beforeAll(async () => {
    port = await freePort();
    redis = await startRedis(port);
  });
  afterAll(async () => {
    await stopRedis(redis);
  });

  it('keeps the process up and counting in memory while Redis is away, and counts in Redis again once it is back', async () => {
    const url = `redis://127.0.0.1:${port}`;
    const counters = new InsuredRateCounterStore(new RedisRateCounterStore(url));
    // The socket.io adapter's clients queue while disconnected: they must outlive the outage too.
    const adapterClient = resilientRedisClient(url, { name: 'test adapter' });
    await adapterClient.connect();
    const resetAt = Date.now() + 60_000;
    expect(await counters.increment('k', resetAt)).toBe(1);
    expect(await counters.increment('k', resetAt)).toBe(2);

    await stopRedis(redis);
    await new Promise((r) => setTimeout(r, 200));
    // Counted here, at once: the request neither fails nor waits for Redis.
    const started = Date.now();
    expect(await counters.increment('k', resetAt)).toBe(1);
    expect(await counters.incrementMany([{ key: 'k', resetAt }, { key: 'other', resetAt }])).toEqual([2, 1]);
    expect(Date.now() - started).toBeLessThan(1000);

    redis = await startRedis(port);
    let count = 0;
    // The client reconnects with a growing pause: on a busy machine that can take several seconds.
    for (const deadline = Date.now() + 30_000; Date.now() < deadline; ) {
      await new Promise((r) => setTimeout(r, 100));
      count = await counters.increment('fresh', resetAt);
      if (sharedCount(port, 'rate:fresh') === count) break;
    }
    expect(sharedCount(port, 'rate:fresh')).toBe(count);
    await counters.close();
    await adapterClient.disconnect().catch(() => undefined);
  }, 60_000);
});
