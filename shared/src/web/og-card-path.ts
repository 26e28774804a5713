/** The listing kinds that have a generated link-preview card, as their card paths name them. */
export const OG_CARD_KINDS = ['hackathons', 'events', 'quizzes'] as const;
export type OgCardKind = (typeof OG_CARD_KINDS)[number];

/**
 * Where a listing's generated Open Graph card (a 1200x630 PNG) is served: hackathons and events by
 * their username, quizzes by their id, as their public pages name them. The page head points
 * og:image here when the listing has no banner of its own.
 *
 *   ogCardPath('hackathons', 'hack-42') === '/og/hackathons/hack-42.png'
 */
export function ogCardPath(kind: OgCardKind, key: string): string {
  return `/og/${kind}/${encodeURIComponent(key)}.png`;
}
