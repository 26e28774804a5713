import { z } from 'zod';
import { RoleSchema } from '../events/accounts';
import { Timestamp } from './users';

/** A record of the admin console's `users` resource (e-mail included: staff only). */
export const AdminUserSchema = z
  .strictObject({
    id: z.string(),
    username: z.string(),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    role: RoleSchema,
    isEmailVerified: z.boolean(),
    /** Suspended by staff: cannot sign in; their profile and listings are hidden. */
    isSuspended: z.boolean(),
    createdAt: Timestamp,
    lastLogin: Timestamp.nullable(),
  })
  .meta({ id: 'AdminUser' });
export type AdminUser = z.infer<typeof AdminUserSchema>;
