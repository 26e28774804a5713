/** A record of GET /api/admin/users (projection-service/src/admin/users-admin-routes.ts). */
export interface AdminUser {
  id: string;
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  role: 'user' | 'moderator' | 'admin';
  isEmailVerified: boolean;
  createdAt: string;
  lastLogin: string | null;
}

export const ROLE_CHOICES = [
  { id: 'user', name: 'User' },
  { id: 'moderator', name: 'Moderator' },
  { id: 'admin', name: 'Admin' },
];

export const fullName = (user: Pick<AdminUser, 'firstName' | 'lastName'>) => `${user.firstName} ${user.lastName}`.trim();
