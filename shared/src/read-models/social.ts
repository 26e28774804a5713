import type { Knex } from 'knex';

/**
 * The social graph as the contract (/api/openapi.json) shows it, always from one user's
 * side (the viewer) towards another (the target). The command service answers it from the pair's
 * decider state, the projection service from the read-model tables below.
 */
export interface Relationship {
  isConnected: boolean;
  isFollowing: boolean;
  isFollowedBy: boolean;
  requestPending: boolean;
  requestReceived: boolean;
  hasBlockedTarget: boolean;
  isBlockedByTarget: boolean;
}

/**
 * Read-model tables of the social projection (projection-service/src/social). Other features read
 * them too (search leaves out blocked users through `user_blocks`).
 */
export const SOCIAL_TABLES = {
  follows: 'user_follows', // follower_id, followee_id, created_at
  connections: 'user_connections', // user_id, other_id, created_at (both directions stored)
  requests: 'connection_requests', // from_id, to_id, created_at
  blocks: 'user_blocks', // blocker_id, blocked_id, created_at
  reports: 'user_reports', // id, reporter_id, target_id, reason, created_at
} as const;

export const NO_RELATIONSHIP: Relationship = {
  isConnected: false,
  isFollowing: false,
  isFollowedBy: false,
  requestPending: false,
  requestReceived: false,
  hasBlockedTarget: false,
  isBlockedByTarget: false,
};

/** The relationship of `viewerId` towards `targetId`, read from the social read models. */
export async function readRelationship(knex: Knex, viewerId: string, targetId: string): Promise<Relationship> {
  if (viewerId === targetId) return { ...NO_RELATIONSHIP };
  const exists = (alias: keyof Relationship, table: string, a: string, b: string, x: string, y: string) =>
    knex.raw(`exists (select 1 from ${table} where ${a} = ? and ${b} = ?) as "${alias}"`, [x, y]);
  const row = (await knex
    .select(
      exists('isConnected', SOCIAL_TABLES.connections, 'user_id', 'other_id', viewerId, targetId),
      exists('isFollowing', SOCIAL_TABLES.follows, 'follower_id', 'followee_id', viewerId, targetId),
      exists('isFollowedBy', SOCIAL_TABLES.follows, 'follower_id', 'followee_id', targetId, viewerId),
      exists('requestPending', SOCIAL_TABLES.requests, 'from_id', 'to_id', viewerId, targetId),
      exists('requestReceived', SOCIAL_TABLES.requests, 'from_id', 'to_id', targetId, viewerId),
      exists('hasBlockedTarget', SOCIAL_TABLES.blocks, 'blocker_id', 'blocked_id', viewerId, targetId),
      exists('isBlockedByTarget', SOCIAL_TABLES.blocks, 'blocker_id', 'blocked_id', targetId, viewerId),
    )
    .first()) as Partial<Record<keyof Relationship, unknown>> | undefined;
  const flag = (key: keyof Relationship) => row?.[key] === true;
  return {
    isConnected: flag('isConnected'),
    isFollowing: flag('isFollowing'),
    isFollowedBy: flag('isFollowedBy'),
    requestPending: flag('requestPending'),
    requestReceived: flag('requestReceived'),
    hasBlockedTarget: flag('hasBlockedTarget'),
    isBlockedByTarget: flag('isBlockedByTarget'),
  };
}
