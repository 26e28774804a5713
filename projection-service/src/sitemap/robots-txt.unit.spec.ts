import { describe, expect, it } from 'vitest';
import { robotsTxt } from './robots-txt';

const robots = robotsTxt('https://circuit.example.test');

/** Whether a crawler may fetch `path`, by RFC 9309: the longest matching rule wins, Allow on a tie; `*` is any run of characters. */
function mayCrawl(path: string): boolean {
  const rules = robots.split('\n').flatMap((line) => {
    const rule = /^(Allow|Disallow): (.+)$/.exec(line);
    return rule ? [{ allow: rule[1] === 'Allow', pattern: rule[2]! }] : [];
  });
  const matches = (pattern: string) => new RegExp(`^${pattern.split('*').map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('.*')}`).test(path);
  const best = rules.filter((r) => matches(r.pattern)).sort((a, b) => b.pattern.length - a.pattern.length || Number(b.allow) - Number(a.allow))[0];
  return best?.allow ?? true;
}

describe('robots.txt', () => {
  it('keeps crawlers out of the signed-in screens, forms, staff screens, the API and the dev tools', () => {
    const closed = [
      '/dashboard', '/user-dashboard', '/saved', '/profile', '/notifications', '/messages', '/search', '/search?q=rust',
      '/create', '/create-hackathon', '/create-event', '/create-quiz',
      '/hackathons/spring-hack/edit', '/hackathons/spring-hack/team', '/events/rust-evening/edit',
      '/quiz/0b7e/edit', '/quiz/0b7e/take', '/quiz/0b7e/preview',
      '/forgot-password', '/reset-password', '/reset-password/a-token',
      '/admin/hackathons', '/admin/quizzes/0b7e/participants', '/admin-console/', '/api/users/me', '/dev/mailbox',
    ];
    expect(closed.filter(mayCrawl)).toEqual([]);
  });

  it('leaves every public page open, sign-in and sign-up included', () => {
    const open = [
      '/', '/hackathons', '/hackathons/spring-hack', '/hackathons/spring-hack/announcements', '/events', '/events/rust-evening',
      '/quizzes', '/quiz/0b7e', '/quizzes/0b7e', '/quizzes/0b7e/leaderboard', '/in/asha', '/user/asha', '/user/asha/followers',
      '/about', '/help', '/contact', '/terms', '/privacy', '/login', '/signup', '/sitemap.xml', '/uploads/banner.png',
    ];
    expect(open.filter((path) => !mayCrawl(path))).toEqual([]);
  });

  it('speaks to every crawler and names the sitemap on the public URL', () => {
    expect(robots.split('\n')[0]).toBe('User-agent: *');
    expect(robots).toContain('\nDisallow: /dashboard\n');
    expect(robots.trimEnd().split('\n').at(-1)).toBe('Sitemap: https://circuit.example.test/sitemap.xml');
  });
});
