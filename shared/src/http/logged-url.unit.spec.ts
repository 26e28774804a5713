import { describe, expect, it } from 'vitest';
import { loggedUrl } from './correlation';

describe('what the logs keep of a request address', () => {
  it('keeps the path and the names of the query parameters, never their values', () => {
    expect(loggedUrl('/api/users/search/by?q=Aarav%20Sharma&limit=10')).toBe('/api/users/search/by?q&limit');
    expect(loggedUrl('/dev/mailbox?to=aarav@circuit.local')).toBe('/dev/mailbox?to');
    expect(loggedUrl('/api/auth/google/callback?code=4/0AX&state=abc')).toBe('/api/auth/google/callback?code&state');
    expect(loggedUrl('/api/hackathons')).toBe('/api/hackathons');
    expect(loggedUrl('/api/hackathons?')).toBe('/api/hackathons');
  });
});
