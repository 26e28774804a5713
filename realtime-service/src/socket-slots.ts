import { z } from 'zod';
import type { Logger } from '@circuit/shared/logger';
import { resilientRedisClient, type RedisClient } from '@circuit/shared/adapters/redis/redis-client';
import { PRESENCE_TTL_MS, type Presence } from '@circuit/shared/presence/presence';

/**
 * The sockets one user may hold open over every realtime instance (SOCKETS_PER_USER). Admission
 * is one atomic step in the store every instance shares, so a burst of handshakes spread over
 * several instances cannot pass the cap between a count and its write. An admitted socket also
 * counts as online (a presence row) until it is released; a crashed instance stops refreshing its
 * sockets and they fade out after PRESENCE_TTL_MS, in both stores.
 */
export interface SocketSlots {
  /** Takes a slot for the socket unless the user holds `cap` already; `others`: the user's sockets before this one. */
  admit(socket: HeldSocket, cap: number): Promise<{ admitted: boolean; others: number }>;
  /** Gives back the slot of an admitted socket (called once per admitted socket). */
  release(socket: HeldSocket): Promise<void>;
  /** Confirms the sockets this instance holds (its heartbeat). */
  heartbeat(instanceId: string, held: Iterable<HeldSocket>): Promise<void>;
  /** Releases every socket of a stopping instance at once. */
  forgetInstance(instanceId: string, held: Iterable<HeldSocket>): Promise<void>;
  close(): Promise<void>;
}

export interface HeldSocket {
  socketId: string;
  userId: string;
  instanceId: string;
}

/** Without Redis the presence table is the count: one row per open socket, admitted under a per-user lock. */
export class PresenceSocketSlots implements SocketSlots {
  constructor(private readonly presence: Presence) {}

  admit(socket: HeldSocket, cap: number) {
    return this.presence.admit(socket.socketId, socket.userId, socket.instanceId, cap);
  }

  release(socket: HeldSocket) {
    return this.presence.disconnected(socket.socketId);
  }

  heartbeat(instanceId: string) {
    return this.presence.heartbeat(instanceId);
  }

  forgetInstance(instanceId: string) {
    return this.presence.forgetInstance(instanceId);
  }

  async close() {}
}

/**
 * With Redis each user's open sockets are a sorted set scored by when they were last confirmed
 * (Redis's own clock, so instances need not agree on the time). A Lua script drops the stale
 * ones, counts, and adds, as one step Redis runs alone. The presence rows the query side reads
 * are still written, but only for admitted sockets.
 */
const ADMIT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local ttl = tonumber(ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - ttl)
local held = redis.call('ZCARD', KEYS[1])
if held >= tonumber(ARGV[3]) then return {0, held} end
redis.call('ZADD', KEYS[1], now, ARGV[1])
redis.call('PEXPIRE', KEYS[1], ttl)
return {1, held}
`;

/** Refreshes the given members that are still there (a released socket is not brought back). */
const CONFIRM = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
for i = 2, #ARGV do redis.call('ZADD', KEYS[1], 'XX', now, ARGV[i]) end
redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[1]))
return 1
`;

const AdmitReply = z.tuple([z.number(), z.number()]);

const slotsKey = (userId: string) => `sockets:${userId}`;

function byUser(held: Iterable<HeldSocket>): Map<string, string[]> {
  const users = new Map<string, string[]>();
  for (const s of held) users.set(s.userId, [...(users.get(s.userId) ?? []), s.socketId]);
  return users;
}

export class RedisSocketSlots implements SocketSlots {
  private readonly client: RedisClient;
  private readonly connected: Promise<unknown>;

  constructor(
    url: string,
    private readonly presence: Presence,
    log?: Logger,
  ) {
    // Fails fast while Redis is away: a handshake is refused (the client retries) rather than left hanging.
    this.client = resilientRedisClient(url, { name: 'socket slots', log, failFast: true });
    this.connected = this.client.connect();
    this.connected.catch(() => undefined);
  }

  async admit(socket: HeldSocket, cap: number) {
    await this.connected;
    const reply = AdmitReply.parse(
      await this.client.eval(ADMIT, { keys: [slotsKey(socket.userId)], arguments: [socket.socketId, String(PRESENCE_TTL_MS), String(cap)] }),
    );
    const result = { admitted: reply[0] === 1, others: reply[1] };
    if (!result.admitted) return result;
    try {
      await this.presence.connected(socket.socketId, socket.userId, socket.instanceId);
    } catch (err) {
      await this.client.zRem(slotsKey(socket.userId), socket.socketId).catch(() => undefined);
      throw err;
    }
    return result;
  }

  async release(socket: HeldSocket) {
    await this.connected;
    await Promise.all([this.presence.disconnected(socket.socketId), this.client.zRem(slotsKey(socket.userId), socket.socketId)]);
  }

  async heartbeat(instanceId: string, held: Iterable<HeldSocket>) {
    await this.connected;
    const users = byUser(held);
    await Promise.all([
      this.presence.heartbeat(instanceId),
      ...[...users].map(([userId, socketIds]) => this.client.eval(CONFIRM, { keys: [slotsKey(userId)], arguments: [String(PRESENCE_TTL_MS), ...socketIds] })),
    ]);
  }

  async forgetInstance(instanceId: string, held: Iterable<HeldSocket>) {
    await this.connected;
    const users = byUser(held);
    await Promise.all([this.presence.forgetInstance(instanceId), ...[...users].map(([userId, socketIds]) => this.client.zRem(slotsKey(userId), socketIds))]);
  }

  async close() {
    await this.client.quit().catch(() => undefined);
  }
}

export function selectSocketSlots(presence: Presence, redisUrl?: string, log?: Logger): SocketSlots {
  return redisUrl ? new RedisSocketSlots(redisUrl, presence, log) : new PresenceSocketSlots(presence);
}
