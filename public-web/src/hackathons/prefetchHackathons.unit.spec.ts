import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LoaderFunctionArgs } from 'react-router-dom';
import { queryClient } from '../app/queryClient';
import { hackathonQuery } from './hackathonQueries';
import { prefetchHackathon } from './prefetchHackathons';

const visit = (username: string) => prefetchHackathon({ params: { username }, request: new Request(`http://localhost/hackathons/${username}`) } as unknown as LoaderFunctionArgs);
const answer = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe("a hackathon page's route loader, as a navigation begins", () => {
  let listed: boolean;
  beforeEach(() => {
    listed = false;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => (listed ? answer(200, { success: true, data: { username: 'later-public', images: {} } }) : answer(403, { success: false, message: 'Not Available' }))),
    );
  });
  afterEach(() => {
    queryClient.clear();
    vi.unstubAllGlobals();
  });

  // The page takes a refusal as final while it stays (retryOnMount: false): kept, the old refusal showed on a
  // later visit, or a 404 sent the visitor to the not-found page, though the listing was public by then.
  it('drops the refusal of an earlier visit, so the screen asks again instead of showing it', async () => {
    const { queryKey } = hackathonQuery('later-public');
    await expect(queryClient.fetchQuery(hackathonQuery('later-public'))).rejects.toMatchObject({ status: 403 });
    listed = true;
    visit('later-public');
    expect(queryClient.getQueryState(queryKey)).toBeUndefined();
  });

  it('keeps an answer with data, and a refusal being asked again', async () => {
    listed = true;
    const { queryKey } = hackathonQuery('later-public');
    await queryClient.fetchQuery(hackathonQuery('later-public'));
    visit('later-public');
    expect(queryClient.getQueryState(queryKey)?.status).toBe('success');

    queryClient.clear();
    listed = false;
    await expect(queryClient.fetchQuery(hackathonQuery('later-public'))).rejects.toMatchObject({ status: 403 });
    const again = queryClient.fetchQuery({ ...hackathonQuery('later-public'), staleTime: 0 }).catch(() => undefined);
    visit('later-public');
    expect(queryClient.getQueryState(queryKey)?.fetchStatus).toBe('fetching');
    await again;
  });
});
