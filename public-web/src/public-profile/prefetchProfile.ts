import type { LoaderFunctionArgs } from 'react-router-dom';

/** How long a profile fetched by the route's loader counts as fresh, so the screen does not ask again. */
export const PROFILE_FRESH_MS = 10_000;

/**
 * The route loader of a public profile: starts its two requests while the screen's code is still loading
 * (./prefetchProfileData, whose code loads with the first navigation that needs it rather than with every
 * page). It does not wait for them: the screen shows its own loading state and errors.
 */
export function prefetchProfile(args: LoaderFunctionArgs): null {
  if (!args.params.username) return null;
  // The screen may have had its answers by the time that code arrives: the time the navigation began tells.
  const since = Date.now();
  void import('./prefetchProfileData').then(({ prefetchProfileData }) => prefetchProfileData(args, since), () => undefined);
  return null;
}
