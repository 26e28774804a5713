import { z } from 'zod';

/** The social graph from the caller's side towards another user. */
export const RelationshipSchema = z
  .strictObject({
    isConnected: z.boolean(),
    isFollowing: z.boolean(),
    isFollowedBy: z.boolean(),
    requestPending: z.boolean(),
    requestReceived: z.boolean(),
    hasBlockedTarget: z.boolean(),
    isBlockedByTarget: z.boolean(),
  })
  .meta({ id: 'Relationship' });
export type Relationship = z.infer<typeof RelationshipSchema>;

export const BlockStatusSchema = z.strictObject({ hasBlockedTarget: z.boolean(), isBlockedByTarget: z.boolean() }).meta({ id: 'BlockStatus' });
export type BlockStatus = z.infer<typeof BlockStatusSchema>;
