import { createClient } from 'redis';
import type { Logger } from '../../logger';

const plainClient = (url: string, failFast: boolean) => createClient({ url, disableOfflineQueue: failFast });
export type RedisClient = ReturnType<typeof plainClient>;

/**
 * A Redis client that outlives Redis going away. node-redis emits 'error' on every lost connection
 * and failed reconnect, and an 'error' nobody listens to ends the process: a Redis restart took the
 * command and realtime services down with it. Here the loss is logged once per outage and its end
 * once. `failFast` refuses commands while disconnected instead of queueing them until Redis is
 * back, for callers with a fallback (a request must not hang on a counter).
 */
export function resilientRedisClient(url: string, options: { name: string; log?: Logger; failFast?: boolean }): RedisClient {
  const client = plainClient(url, options.failFast ?? false);
  let down = false;
  client.on('error', (err: unknown) => {
    if (!down) options.log?.warn({ err }, `${options.name}: Redis unreachable, reconnecting`);
    down = true;
  });
  client.on('ready', () => {
    if (down) options.log?.info(`${options.name}: Redis reachable again`);
    down = false;
  });
  return client;
}
