import { QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { AskedQueries, fetchAskedQueries } from './collect-queries';

/** What a screen does while rendering on the server: it makes an observer, which builds the query; nothing fetches. */
const ask = (client: AskedQueries, key: string, enabled?: boolean) => new QueryObserver(client, { queryKey: [key], queryFn: async () => `${key} answer`, enabled });

describe('the queries a server render asked for', () => {
  it('fetches a query any screen asked for turned on, even when another screen asked for it off after', async () => {
    const client = new AskedQueries();
    ask(client, 'list');
    ask(client, 'list', false); // a closed dialog reading the same list
    ask(client, 'saves', false); // a signed-in part
    expect(await fetchAskedQueries(client)).toBe(1);
    expect(client.getQueryData(['list'])).toBe('list answer');
    expect(client.getQueryState(['saves'])?.status).toBe('pending');
    // Nothing left to ask: the render that follows is the page.
    expect(await fetchAskedQueries(client)).toBe(0);
  });

  it('does not ask again for a query that failed', async () => {
    const client = new AskedQueries();
    new QueryObserver(client, { queryKey: ['broken'], queryFn: async () => Promise.reject(new Error('down')), retry: false });
    expect(await fetchAskedQueries(client)).toBe(1);
    expect(client.getQueryState(['broken'])?.status).toBe('error');
    expect(await fetchAskedQueries(client)).toBe(0);
  });
});
