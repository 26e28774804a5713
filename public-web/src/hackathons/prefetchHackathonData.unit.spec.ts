import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../app/queryClient';
import { hackathonQuery } from './hackathonQueries';
import { prefetchHackathon } from './prefetchHackathonData';

const missing = { params: { username: 'no-such-hackathon' } };

describe("a hackathon page's route loader, whose code arrives after the navigation began", () => {
  let asked: string[];
  beforeEach(() => {
    asked = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        asked.push(url);
        return new Response(JSON.stringify({ success: false, message: 'Hackathon not found' }), { status: 404, headers: { 'Content-Type': 'application/json' } });
      }),
    );
  });
  afterEach(() => {
    queryClient.clear();
    vi.unstubAllGlobals();
  });

  // The screen's code came first and asked itself (a browser with a cold cache): its refusal holds no data, and
  // the loader arriving next asked again.
  it('does not ask again for a listing the screen was refused during this navigation', async () => {
    const since = Date.now();
    await expect(queryClient.fetchQuery(hackathonQuery('no-such-hackathon'))).rejects.toMatchObject({ status: 404 });
    prefetchHackathon(missing, since);
    expect(asked).toEqual(['/api/hackathons/username/no-such-hackathon']);
  });

  it('asks for it on a later navigation, and when the screen has not asked yet', async () => {
    await expect(queryClient.fetchQuery(hackathonQuery('no-such-hackathon'))).rejects.toMatchObject({ status: 404 });
    const later = queryClient.getQueryState(hackathonQuery('no-such-hackathon').queryKey)!.errorUpdatedAt + 1;
    prefetchHackathon(missing, later);
    expect(asked).toHaveLength(2);
    queryClient.clear();
    prefetchHackathon(missing, Date.now());
    expect(asked).toHaveLength(3);
  });
});
