/** TanStack Query keys of the realtime data, by prefix. */
export const presenceKeys = {
  all: ['presence'] as const,
  /** GET /api/users/online-status: every connection's online flag. */
  connections: ['presence', 'connections'] as const,
  user: (userId: string) => ['presence', 'user', userId] as const,
};

export const unreadKeys = {
  /** GET /api/users/unread-counts: unread messages per sender. */
  counts: ['unread-counts'] as const,
};
