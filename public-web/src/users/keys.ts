/** TanStack Query keys by prefix (docs/decisions.md#d26-client-query-keys-by-prefix): invalidating ['users'] refreshes every profile. */
export const userKeys = {
  all: ['users'] as const,
  detail: (username: string) => ['users', 'detail', username.toLowerCase()] as const,
};
