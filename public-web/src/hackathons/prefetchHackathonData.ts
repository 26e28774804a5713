import type { LoaderFunctionArgs } from 'react-router-dom';
import { answeredSince, queryClient } from '../app/queryClient';
import { preloadImage } from '../ui/preloadImage';
import { hackathonFilterCodec } from './filters';
import { hackathonListQuery, hackathonQuery } from './hackathonQueries';

/*
 * What the route loaders of the hackathon list and a hackathon's page start (./prefetchHackathons). On a phone the banner is the page's largest
 * paint, and without these it waited for the screen's code, then the API answer, then its own download.
 * They start the API request while the screen's code is still loading and, once the answer is in, the
 * banner's download; neither waits, the screen shows its own loading state and errors. What the screen
 * already had answered since the navigation began (`since`) is not asked again.
 */

export function prefetchHackathonList({ request }: Pick<LoaderFunctionArgs, 'request'>, since: number): void {
  const filters = hackathonFilterCodec.fromParams(new URL(request.url).searchParams);
  if (answeredSince(queryClient, hackathonListQuery(filters).queryKey, since)) return;
  void queryClient.fetchInfiniteQuery(hackathonListQuery(filters)).then(
    (list) => preloadImage(list.pages[0]?.data[0]?.images.banner),
    () => undefined,
  );
}

export function prefetchHackathon({ params }: Pick<LoaderFunctionArgs, 'params'>, since: number): void {
  const username = params.username;
  if (!username || answeredSince(queryClient, hackathonQuery(username).queryKey, since)) return;
  void queryClient.fetchQuery(hackathonQuery(username)).then(
    (hackathon) => preloadImage(hackathon.images.banner),
    () => undefined,
  );
}
