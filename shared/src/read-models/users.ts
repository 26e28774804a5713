import type { Knex } from 'knex';

/** A row of the `users` read model (projection-service/src/accounts/users-projection.ts writes it). */
export interface UserRow {
  id: string;
  username: string;
  email: string;
  first_name: string;
  last_name: string;
  role: string;
  is_email_verified: boolean;
  is_active: boolean;
  bio: string;
  tagline: string;
  website: string;
  social_links: Record<string, string>;
  country: string;
  state: string;
  address: string;
  college: string;
  course: string;
  branch: string;
  college_year: string;
  skills: string[];
  profile_picture: string | null;
  mobile: string | null;
  followers_count: number;
  following_count: number;
  connections_count: number;
  created_at: Date | string;
  last_login: Date | string | null;
}

const isoOrNull = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

/** The user as the spec's entity names it; `email` only for the owner (another user's e-mail is private). */
export function toUserView(row: UserRow, options: { includePrivate: boolean }) {
  return {
    _id: row.id,
    id: row.id,
    username: row.username,
    ...(options.includePrivate ? { email: row.email, mobile: row.mobile } : {}),
    firstName: row.first_name,
    lastName: row.last_name,
    role: row.role,
    isEmailVerified: row.is_email_verified,
    isActive: row.is_active,
    bio: row.bio,
    tagline: row.tagline,
    website: row.website,
    socialLinks: row.social_links ?? {},
    country: row.country,
    state: row.state,
    address: row.address,
    college: row.college,
    course: row.course,
    branch: row.branch,
    collegeYear: row.college_year,
    skills: row.skills ?? [],
    profilePicture: row.profile_picture,
    followersCount: row.followers_count,
    followingCount: row.following_count,
    connectionsCount: row.connections_count,
    createdAt: new Date(row.created_at).toISOString(),
    lastLogin: isoOrNull(row.last_login),
  };
}
export type UserView = ReturnType<typeof toUserView>;

export async function findUserRow(knex: Knex, id: string): Promise<UserRow | undefined> {
  return knex<UserRow>('users').where({ id }).first();
}

/** The short form of a user in lists, notifications and search results. */
export function toUserSummary(row: Pick<UserRow, 'id' | 'username' | 'first_name' | 'last_name' | 'profile_picture' | 'tagline' | 'skills'>) {
  return {
    _id: row.id,
    id: row.id,
    username: row.username,
    firstName: row.first_name,
    lastName: row.last_name,
    profilePicture: row.profile_picture,
    tagline: row.tagline,
    skills: row.skills ?? [],
  };
}
export type UserSummary = ReturnType<typeof toUserSummary>;
