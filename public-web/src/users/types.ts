import type { User } from '@circuit/shared/api/users';

/** The answer shapes of the API, from the contract in shared/ (served at /api/openapi.json). */
export type { SocialLinks, UserSummary } from '@circuit/shared/api/users';
export type { Relationship } from '@circuit/shared/api/social';

/** A profile (public view; `email` and `mobile` only for its owner). */
export type Profile = User;

export const idOf = (user: { id?: string; _id?: string }) => user.id ?? user._id ?? '';

export const fullName = (user: { firstName?: string | null; lastName?: string | null; username?: string | null }) =>
  `${user.firstName ?? ''} ${user.lastName ?? ''}`.trim() || user.username || '';

/** 'admin' -> 'Admin' (spec: the role is capitalised on profiles). */
export const capitalise = (value: string | null | undefined) => (value ? value.charAt(0).toUpperCase() + value.slice(1) : '');

/** The address other users share: /in/{username}. */
export const profileLink = (username: string) => `${window.location.origin}/in/${encodeURIComponent(username)}`;
