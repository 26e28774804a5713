import { describe, expect, it } from 'vitest';
import { oauthLandingUrl } from './oauth-routes';

describe('the page a social sign-in lands on', () => {
  it('is the page where it started, marked as a successful sign-in', () => {
    expect(oauthLandingUrl('/in/ada?tab=projects', 'github')).toBe('/in/ada?tab=projects&auth=success&provider=github');
  });

  it('is the dashboard when it started nowhere or somewhere off-site', () => {
    expect(oauthLandingUrl(undefined, 'google')).toBe('/dashboard?auth=success&provider=google');
    expect(oauthLandingUrl('//evil.test/x', 'google')).toBe('/dashboard?auth=success&provider=google');
    expect(oauthLandingUrl('https://evil.test/', 'github')).toBe('/dashboard?auth=success&provider=github');
  });
});
