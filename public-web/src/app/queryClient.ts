import { QueryClient } from '@tanstack/react-query';
import { isClientError } from '../auth/apiClient';

/** Data queries retry once (spec section 9). */
export const QUERY_RETRIES = 1;

/** The app's one data cache: the router's loaders start queries in it before a screen's code has arrived. */
export const queryClient = createQueryClient();

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // One retry for failures that may pass on a second try; a 4xx answer would only repeat itself.
        retry: (failureCount, error) => failureCount < QUERY_RETRIES && !isClientError(error),
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}
