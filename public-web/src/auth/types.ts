import type { OwnUser } from '@circuit/shared/api/users';
import type { Role } from '@circuit/shared/events/accounts';

export type { AuthProviders } from '@circuit/shared/api/auth';
export type { Role };

/** The signed-in user as GET /api/auth/me returns it (the contract's OwnUser). */
export type User = OwnUser;

export const userId = (user: Pick<User, 'id' | '_id'>) => user.id ?? user._id;
