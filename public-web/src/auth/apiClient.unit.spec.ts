import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACCEPTED_POLL_DELAYS_MS, api, ApiError, newRequestId } from './apiClient';

/** What the client sent, and the answers the test scripts for it, in order. */
interface Call {
  url: string;
  method: string;
  key: string | null;
}

function scripted(answers: (Response | Error)[]) {
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (url: string, init: RequestInit) => {
    const headers = new Headers(init.headers);
    calls.push({ url, method: init.method ?? 'GET', key: headers.get('Idempotency-Key') });
    const next = answers.shift();
    if (!next) throw new Error(`no answer scripted for ${init.method} ${url}`);
    if (next instanceof Error) throw next;
    return next;
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

describe('the API client', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('sends a new Idempotency-Key with each mutating call, none with a GET', async () => {
    const calls = scripted([json(200, { success: true, data: 1 }), json(200, { success: true, data: 2 }), json(200, { success: true, data: [] })]);
    await api.post('/api/a', { x: 1 });
    await api.delete('/api/a/1');
    await api.get('/api/a');
    expect(calls[0]!.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(calls[1]!.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(calls[0]!.key).not.toBe(calls[1]!.key);
    expect(calls[2]!.key).toBeNull();
  });

  it('resends with the same key when the answer was lost, and when the first try is still running (409 + Retry-After)', async () => {
    const calls = scripted([
      new TypeError('Failed to fetch'),
      json(409, { success: false, message: 'still in progress' }, { 'Retry-After': '1' }),
      json(201, { success: true, message: 'Project added successfully!', data: { id: 'p1' } }),
    ]);
    const answer = api.post('/api/users/projects', { title: 'T' });
    await vi.runAllTimersAsync();
    expect(await answer).toEqual({ success: true, message: 'Project added successfully!', data: { id: 'p1' } });
    expect(calls).toHaveLength(3);
    expect(new Set(calls.map((c) => c.key)).size).toBe(1);
  });

  it('does not resend a refused request (a 409 that is a real conflict)', async () => {
    const calls = scripted([json(409, { success: false, message: 'This report was already filed' })]);
    await expect(api.post('/api/users/report/u', { reason: 'x' })).rejects.toMatchObject({ status: 409, message: 'This report was already filed' });
    expect(calls).toHaveLength(1);
  });

  it('a caller retrying a user action passes the same key again', async () => {
    const calls = scripted([json(200, { success: true }), json(200, { success: true })]);
    const key = newRequestId();
    await api.post('/api/x', {}, key);
    await api.post('/api/x', {}, key);
    expect(calls.map((c) => c.key)).toEqual([key, key]);
  });

  it('on 202 polls the Location until the item is there and answers it with the command message', async () => {
    const project = { id: 'p1', title: 'Slow Lane' };
    const calls = scripted([
      json(202, { success: true, message: 'Project added successfully!', data: { id: 'p1' } }, { Location: '/api/users/projects/p1' }),
      json(404, { success: false, message: 'Project not found' }),
      json(404, { success: false, message: 'Project not found' }),
      json(200, { success: true, data: project }),
    ]);
    const answer = api.post('/api/users/projects', { title: 'Slow Lane' });
    await vi.runAllTimersAsync();
    expect(await answer).toEqual({ success: true, message: 'Project added successfully!', data: project });
    expect(calls.slice(1).map((c) => [c.method, c.url, c.key])).toEqual(Array(3).fill(['GET', '/api/users/projects/p1', null]));
  });

  it('on 202 stops polling after its bound and answers the id', async () => {
    const accepted = { success: true, message: 'Project added successfully!', data: { id: 'p1' } };
    const calls = scripted([
      json(202, accepted, { Location: '/api/users/projects/p1' }),
      ...ACCEPTED_POLL_DELAYS_MS.map(() => json(404, { success: false, message: 'Project not found' })),
    ]);
    const answer = api.post('/api/users/projects', {});
    await vi.runAllTimersAsync();
    expect(await answer).toEqual({ ...accepted, pending: true });
    expect(calls).toHaveLength(1 + ACCEPTED_POLL_DELAYS_MS.length);
  });

  it('a 202 without a Location is the answer as is, marked pending', async () => {
    scripted([json(202, { success: true, message: 'Project deleted successfully!', data: { id: 'p1' } })]);
    expect(await api.delete('/api/users/projects/p1')).toEqual({ success: true, message: 'Project deleted successfully!', data: { id: 'p1' }, pending: true });
  });

  it('still reports a network failure after its resends', async () => {
    scripted([new TypeError('x'), new TypeError('x'), new TypeError('x')]);
    const answer = api.put('/api/users/profile', {});
    const outcome = expect(answer).rejects.toBeInstanceOf(ApiError);
    await vi.runAllTimersAsync();
    await outcome;
  });

  it('makes version-4 UUIDs without crypto.randomUUID (plain http)', () => {
    const real = globalThis.crypto;
    vi.stubGlobal('crypto', { getRandomValues: (a: Uint8Array<ArrayBuffer>) => real.getRandomValues(a) });
    expect(newRequestId()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('takes the answer early.js fetched for its first GET of that path, once; the next GET asks the server', async () => {
    const calls = scripted([json(200, { success: true, data: 'fresh' })]);
    vi.stubGlobal('window', { __circuitEarly: { path: '/api/hackathons?country=India&limit=16', answer: Promise.resolve(json(200, { success: true, data: 'early' })) } });
    try {
      expect((await api.get<string>('/api/hackathons?country=India&limit=16')).data).toBe('early');
      expect(calls).toEqual([]);
      expect((await api.get<string>('/api/hackathons?country=India&limit=16')).data).toBe('fresh');
      expect(calls.map((c) => c.url)).toEqual(['/api/hackathons?country=India&limit=16']);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

