/** TanStack Query keys by prefix (DESIGN section 9): invalidating ['users'] refreshes every profile. */
export const userKeys = {
  all: ['users'] as const,
  detail: (username: string) => ['users', 'detail', username.toLowerCase()] as const,
};
