import type { AdminUser } from '@circuit/shared/api/admin';

/** A record of GET /api/admin/users, as the contract (shared/src/api/admin.ts) has it. */
export type { AdminUser };

export const ROLE_CHOICES = [
  { id: 'user', name: 'User' },
  { id: 'moderator', name: 'Moderator' },
  { id: 'auditor', name: 'Auditor' },
  { id: 'admin', name: 'Admin' },
];

export const fullName = (user: Pick<AdminUser, 'firstName' | 'lastName'>) => `${user.firstName} ${user.lastName}`.trim();
