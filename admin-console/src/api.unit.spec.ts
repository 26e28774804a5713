import { afterEach, describe, expect, it, vi } from 'vitest';
import { httpClient } from './api';

describe('the admin console HTTP client', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('sends an Idempotency-Key with every write (a new one per call) and none with a read', async () => {
    const sent: { method: string; key: string | null }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: Request | string, init?: RequestInit) => {
        const request = input instanceof Request ? input : new Request(`http://localhost${input}`, init);
        sent.push({ method: request.method, key: request.headers.get('Idempotency-Key') });
        return new Response(JSON.stringify({ id: '1' }), { status: 200, headers: { 'Content-Type': 'application/json' } });
      }),
    );
    await httpClient('/api/admin/users/1', { method: 'PUT', body: '{}' });
    await httpClient('/api/admin/users/1', { method: 'DELETE' });
    await httpClient('/api/admin/users');
    expect(sent.map((s) => s.method)).toEqual(['PUT', 'DELETE', 'GET']);
    expect(sent[0]!.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent[1]!.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent[0]!.key).not.toBe(sent[1]!.key);
    expect(sent[2]!.key).toBeNull();
  });
});
