import type { CommunityMessage } from '@circuit/shared/api/community';

/**
 * The chat's list as pure functions: pages and live events meet here. A page loaded while
 * messages arrive overlaps what is shown (pages are counted from the newest), so every merge is by id.
 */

/** An older page goes in front, without the messages already shown. */
export function withOlder(current: CommunityMessage[], older: CommunityMessage[]): CommunityMessage[] {
  const shown = new Set(current.map((m) => m._id));
  return [...older.filter((m) => !shown.has(m._id)), ...current];
}

/** The newest page again (after a reconnect): what it holds replaces those messages, the rest stays in order. */
export function withNewest(current: CommunityMessage[], newest: CommunityMessage[]): CommunityMessage[] {
  const fresh = new Map(newest.map((m) => [m._id, m]));
  const kept = current.filter((m) => !fresh.has(m._id));
  const oldestFresh = newest[0]?.createdAt;
  // Shown messages older than the page stay in front; anything of the page's span not in it was deleted meanwhile.
  const before = oldestFresh === undefined ? kept : kept.filter((m) => m.createdAt < oldestFresh);
  return [...before, ...newest];
}

/** A message posted (or heard live): added once, at its place by time; a copy already shown is replaced. */
export function withMessage(current: CommunityMessage[], message: CommunityMessage): CommunityMessage[] {
  const index = current.findIndex((m) => m._id === message._id);
  if (index >= 0) return current.map((m, i) => (i === index ? { ...message, clientMessageId: undefined } : m));
  const clean = { ...message, clientMessageId: undefined };
  let at = current.length;
  while (at > 0 && current[at - 1]!.createdAt > message.createdAt) at--;
  return [...current.slice(0, at), clean, ...current.slice(at)];
}

/** An edit replaces the message where it is (never adds one that is not shown). */
export function withEdit(current: CommunityMessage[], message: CommunityMessage): CommunityMessage[] {
  return current.some((m) => m._id === message._id) ? current.map((m) => (m._id === message._id ? { ...message, clientMessageId: undefined } : m)) : current;
}

export function without(current: CommunityMessage[], messageId: string): CommunityMessage[] {
  return current.some((m) => m._id === messageId) ? current.filter((m) => m._id !== messageId) : current;
}

export const authorName = (user: CommunityMessage['user']) => `${user.firstName} ${user.lastName}`.trim() || user.username || 'Member';
