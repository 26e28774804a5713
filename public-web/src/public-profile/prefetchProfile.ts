import type { LoaderFunctionArgs } from 'react-router-dom';
import { queryClient } from '../app/queryClient';
import { projectsApi, projectKeys } from '../projects/projectsApi';
import { userKeys } from '../users/keys';
import { usersApi } from '../users/usersApi';

/** How long a profile fetched by the route's loader counts as fresh, so the screen does not ask again. */
export const PROFILE_FRESH_MS = 10_000;

/**
 * The route loader of a public profile: starts its two requests while the screen's code is still
 * loading, instead of after (a phone on a slow network saves a round trip or two). It does not wait
 * for them: the screen shows its own loading state and errors.
 */
export function prefetchProfile({ params }: LoaderFunctionArgs): null {
  const username = params.username;
  if (!username) return null;
  void queryClient.prefetchQuery({ queryKey: userKeys.detail(username), queryFn: ({ signal }) => usersApi.byUsername(username, signal), staleTime: PROFILE_FRESH_MS });
  void queryClient.prefetchQuery({ queryKey: projectKeys.list(username), queryFn: ({ signal }) => projectsApi.list(username, signal), staleTime: PROFILE_FRESH_MS });
  return null;
}
