import { z } from 'zod';
import { RoleSchema } from './accounts';

/**
 * Staff decisions about an account, on `user-standing-<id>` (apart from the account's own stream,
 * so a moderator's action never races the user's sign-ins). Each names the staff member.
 */
const by = { userId: z.string(), byUserId: z.string(), at: z.string() };

export const UserStandingEventSchemas = {
  UserRoleChanged: z.object({ ...by, role: RoleSchema, previousRole: RoleSchema }),
  UserSuspended: z.object({ ...by, reason: z.string() }),
  UserReinstated: z.object({ ...by, reason: z.string() }),
};

export const userStandingStream = (userId: string) => `user-standing-${userId}`;
