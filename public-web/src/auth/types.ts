export type Role = 'user' | 'moderator' | 'admin';

/** The signed-in user as GET /api/auth/me returns it (only the fields this app reads are typed). */
export interface User {
  id: string;
  _id: string;
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
  isEmailVerified: boolean;
  profilePicture: string | null;
  [key: string]: unknown;
}

export interface AuthProviders {
  google: boolean;
  github: boolean;
}

export const userId = (user: Pick<User, 'id' | '_id'>) => user.id ?? user._id;
