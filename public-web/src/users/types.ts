/** Shapes of docs/api-profiles-social.md (only what the screens read is typed). */

export interface SocialLinks {
  github?: string;
  linkedin?: string;
  twitter?: string;
}

/** A row of lists, notifications and search results. */
export interface UserSummary {
  _id: string;
  id: string;
  username: string;
  firstName: string;
  lastName: string;
  profilePicture: string | null;
  tagline?: string;
  skills?: string[];
}

/** A profile (public view; `email` and `mobile` only for its owner). */
export interface Profile extends UserSummary {
  email?: string;
  mobile?: string | null;
  role: string;
  isEmailVerified: boolean;
  isActive: boolean;
  bio: string;
  tagline: string;
  website: string;
  socialLinks: SocialLinks;
  country: string;
  state: string;
  address: string;
  college: string;
  course: string;
  branch: string;
  collegeYear: string;
  skills: string[];
  followersCount: number;
  followingCount: number;
  connectionsCount: number;
  createdAt: string;
  lastLogin: string | null;
}

export interface Relationship {
  isConnected: boolean;
  isFollowing: boolean;
  isFollowedBy?: boolean;
  requestPending: boolean;
  requestReceived: boolean;
  hasBlockedTarget: boolean;
  isBlockedByTarget?: boolean;
}

export const idOf = (user: { id?: string; _id?: string }) => user.id ?? user._id ?? '';

export const fullName = (user: { firstName?: string | null; lastName?: string | null; username?: string | null }) =>
  `${user.firstName ?? ''} ${user.lastName ?? ''}`.trim() || user.username || '';

/** 'admin' -> 'Admin' (spec: the role is capitalised on profiles). */
export const capitalise = (value: string | null | undefined) => (value ? value.charAt(0).toUpperCase() + value.slice(1) : '');

/** The address other users share: /in/{username}. */
export const profileLink = (username: string) => `${window.location.origin}/in/${encodeURIComponent(username)}`;
