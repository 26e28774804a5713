import { SEARCH_MIN_LENGTH } from './constants';
import type { ChatPartner } from './types';

/** The Messages search rule (spec section 5): from 2 characters, first name, last name or username, case-insensitive. */
export function matchesSearch(user: Pick<ChatPartner, 'firstName' | 'lastName' | 'username'>, query: string): boolean {
  const q = query.trim().toLowerCase();
  if (q.length < SEARCH_MIN_LENGTH) return false;
  return [user.firstName, user.lastName, user.username].some((field) => (field ?? '').toLowerCase().includes(q));
}

/** The connected users a search shows, in their list's order (none below 2 characters). */
export function connectionSearch<T extends Pick<ChatPartner, 'firstName' | 'lastName' | 'username'>>(users: T[], query: string): T[] {
  return users.filter((user) => matchesSearch(user, query));
}
