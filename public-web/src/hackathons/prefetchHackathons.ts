import type { LoaderFunctionArgs } from 'react-router-dom';
import { forgetRefusal, queryClient } from '../app/queryClient';
import { hackathonKeys } from './hackathonKeys';

/*
 * Route loaders of the hackathon list and a hackathon's page: they start the API request (and then the banner's
 * download) while the screen's code is still loading; see ./prefetchHackathonData. That code (the filters'
 * codec, the queries) loads with the first navigation that needs it rather than with every page: a page
 * rendered on the server has its data and runs no loader. Neither waits: the screen shows its own loading state.
 * Each passes the time the navigation began: the screen may have had its answer by the time that code arrives.
 */

export function prefetchHackathonList(args: LoaderFunctionArgs): null {
  const since = Date.now();
  void import('./prefetchHackathonData').then(({ prefetchHackathonList }) => prefetchHackathonList(args, since), () => undefined);
  return null;
}

export function prefetchHackathon(args: LoaderFunctionArgs): null {
  if (!args.params.username) return null;
  forgetRefusal(queryClient, hackathonKeys.detail(args.params.username));
  const since = Date.now();
  void import('./prefetchHackathonData').then(({ prefetchHackathon }) => prefetchHackathon(args, since), () => undefined);
  return null;
}
