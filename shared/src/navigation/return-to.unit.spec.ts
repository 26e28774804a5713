import { describe, expect, it } from 'vitest';
import { safeReturnTo } from './return-to';

describe('safeReturnTo', () => {
  it('keeps a path on this site with its query and hash', () => {
    expect(safeReturnTo('/in/ada?tab=projects#top')).toBe('/in/ada?tab=projects#top');
    expect(safeReturnTo('/messages')).toBe('/messages');
  });

  it('refuses other sites, schemes and tricks browsers read as another host', () => {
    for (const bad of ['https://evil.test/', '//evil.test', '/\\evil.test', 'javascript:alert(1)', 'in/ada', '/a\nb', '', null, 42, `/${'a'.repeat(600)}`]) {
      expect(safeReturnTo(bad)).toBeNull();
    }
  });

  it('does not send a user back into the sign-in screens or the API', () => {
    expect(safeReturnTo('/login?returnTo=/x')).toBeNull();
    expect(safeReturnTo('/signup')).toBeNull();
    expect(safeReturnTo('/api/auth/me')).toBeNull();
  });
});
