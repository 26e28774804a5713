import type { LoaderFunctionArgs } from 'react-router-dom';
import { answeredSince, queryClient } from '../app/queryClient';
import { projectsApi, projectKeys } from '../projects/projectsApi';
import { userKeys } from '../users/keys';
import { usersApi } from '../users/usersApi';
import { PROFILE_FRESH_MS } from './prefetchProfile';

/**
 * What the route loader of a public profile (./prefetchProfile) starts: its two requests while the screen's code is still
 * loading, instead of after (a phone on a slow network saves a round trip or two). It does not wait
 * for them: the screen shows its own loading state and errors. What the screen already had answered since the
 * navigation began (`since`) is not asked again.
 */
export function prefetchProfileData({ params }: Pick<LoaderFunctionArgs, 'params'>, since: number): void {
  const username = params.username;
  if (!username) return;
  if (!answeredSince(queryClient, userKeys.detail(username), since)) {
    void queryClient.prefetchQuery({ queryKey: userKeys.detail(username), queryFn: ({ signal }) => usersApi.byUsername(username, signal), staleTime: PROFILE_FRESH_MS });
  }
  if (!answeredSince(queryClient, projectKeys.list(username), since)) {
    void queryClient.prefetchQuery({ queryKey: projectKeys.list(username), queryFn: ({ signal }) => projectsApi.list(username, signal), staleTime: PROFILE_FRESH_MS });
  }
}
