import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { isApiError, messageOf } from '../auth/apiClient';
import { useAuth } from '../auth/AuthContext';
import { userId } from '../auth/types';
import { relationshipApi, relationshipKeys } from '../relationships/relationshipApi';
import { useRelationshipAction } from '../relationships/useRelationshipAction';
import { notify } from '../ui/toast';
import { useDocumentTitle } from '../ui/useDocumentTitle';
import { userKeys } from '../users/keys';
import { fullName, idOf, type Profile } from '../users/types';
import { usersApi } from '../users/usersApi';
import { PROFILE_FRESH_MS } from './prefetchProfile';

export const PROFILE_NOT_FOUND_TOAST = 'User profile not found. Please check the username and try again.';
export const PROFILE_LOAD_FAILED = 'Failed to load user profile. Please try again later.';

/** What the profile screen shows: a spinner, one of the failures, or the profile (and whose it is). */
export type ProfileView =
  | { kind: 'loading' }
  | { kind: 'not-found' }
  | { kind: 'unavailable'; message: string }
  | { kind: 'failed'; retry(): void }
  | { kind: 'profile'; profile: Profile; isOwn: boolean; signedIn: boolean };

/**
 * The screen's data: the profile by username, the tab title, one toast per failed load (404 and other
 * failures; a 403 shows the blocked state without a toast) and whether the viewer is the profile's owner.
 */
export function usePublicProfile(username: string): ProfileView {
  const { state } = useAuth();
  const query = useQuery({
    queryKey: userKeys.detail(username),
    queryFn: ({ signal }) => usersApi.byUsername(username, signal),
    enabled: Boolean(username),
    staleTime: PROFILE_FRESH_MS,
  });
  useDocumentTitle(query.data ? `${fullName(query.data)} (@${query.data.username})` : 'Profile');

  const toasted = useRef<unknown>(null);
  useEffect(() => {
    if (!query.isError || toasted.current === query.error) return;
    toasted.current = query.error;
    const status = isApiError(query.error) ? query.error.status : 0;
    if (status === 404) notify.error(PROFILE_NOT_FOUND_TOAST);
    else if (status !== 403) notify.error(PROFILE_LOAD_FAILED);
  }, [query.isError, query.error]);

  // The profile shows as soon as it is here (the server renders it for a signed-out visitor); what depends
  // on who is looking (own profile, relationship buttons) fills in once the session is known.
  if (query.isPending) return { kind: 'loading' };

  if (query.isError) {
    const status = isApiError(query.error) ? query.error.status : 0;
    if (status === 404) return { kind: 'not-found' };
    if (status === 403) return { kind: 'unavailable', message: messageOf(query.error, 'This profile is not available') };
    return { kind: 'failed', retry: () => void query.refetch() };
  }

  const profile = query.data;
  const me = state.user;
  const isOwn = Boolean(me && (userId(me) === idOf(profile) || me.username.toLowerCase() === profile.username.toLowerCase()));
  return { kind: 'profile', profile, isOwn, signedIn: Boolean(me) };
}

/** Signed in, someone else's profile: their relationship to the viewer. */
export function useRelationshipWith(profile: Profile) {
  const id = idOf(profile);
  return useQuery({
    queryKey: relationshipKeys.status(id),
    queryFn: ({ signal }) => relationshipApi.status(id, signal),
  });
}

/** The profile's own actions on its user (follow and connect are RelationshipButtons'), each with its toast. */
export function useProfileActions(profile: Profile) {
  const action = useRelationshipAction();
  const targetId = idOf(profile);
  return {
    pending: action.isPending,
    block: () => action.mutate({ action: 'block', targetId }),
    unblock: () => action.mutate({ action: 'unblock', targetId }),
    removeConnection: () => action.mutate({ action: 'remove-connection', targetId }),
  };
}
