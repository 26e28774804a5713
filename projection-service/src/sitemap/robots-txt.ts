/**
 * The web app's routes (public-web/src/app/router.tsx) a crawler has no business in: each
 * signed-in screen, form and tool, by the start of its path. Wildcards and longest-match-wins
 * are RFC 9309's, so `Allow: /` leaves every other page open. Sign-in and sign-up stay allowed:
 * they show nothing private, and someone searching for how to join Circuit should land on them.
 */
const DISALLOWED: readonly string[] = [
  // The signed-in user's own screens.
  '/dashboard',
  '/user-dashboard',
  '/saved',
  '/profile',
  '/notifications',
  '/messages',
  // Results of a visitor's own query: endless, and the pages they lead to are in the sitemap.
  '/search',
  // Forms: /create and /create-hackathon, /create-event, /create-quiz; and each listing's editor.
  '/create',
  '/hackathons/*/edit',
  '/events/*/edit',
  '/quiz/*/edit',
  // A hackathon participant's team, a quiz attempt and its organiser's preview.
  '/hackathons/*/team',
  '/quiz/*/take',
  '/quiz/*/preview',
  // A reset link carries its token in the path; neither form is worth a search result.
  '/forgot-password',
  '/reset-password',
  // Staff screens (/admin/... and /admin-console/), the API and the dev tools.
  '/admin',
  '/api/',
  '/dev/',
];

/** robots.txt for every crawler, with the sitemap's address on `origin` (the configured public URL). */
export function robotsTxt(origin: string): string {
  const rules = ['User-agent: *', 'Allow: /', ...DISALLOWED.map((path) => `Disallow: ${path}`)];
  return `${rules.join('\n')}\n\nSitemap: ${origin}/sitemap.xml\n`;
}
