/** TanStack Query keys of messaging, by prefix: invalidating ['messages'] refreshes all of it. */
export const messageKeys = {
  all: ['messages'] as const,
  threads: ['messages', 'threads'] as const,
  connections: ['messages', 'connections'] as const,
  partner: (userId: string) => ['messages', 'partner', userId] as const,
};
