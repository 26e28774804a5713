import type { ProjectCard } from '@circuit/shared/api/hackathon-projects';
import { urlFilterCodec } from '../../listings/urlFilters';

/** The gallery's search and filters as they live in the URL (shareable, kept on reload): `?search=&track=&winners=true`. */
export const GALLERY_FILTER_KEYS = ['search', 'track', 'winners'] as const;
export type GalleryFilterKey = (typeof GALLERY_FILTER_KEYS)[number];
export type GalleryFilters = Partial<Record<GalleryFilterKey, string>>;

export const galleryFilterCodec = urlFilterCodec(GALLERY_FILTER_KEYS);

const has = (text: string, q: string) => text.toLowerCase().includes(q);

/**
 * The cards the filters keep, by the API's own rule (GET /projects?q=&track=&winners=): the words in the
 * title, the tagline or a built-with tag, the track entered, published winners only. The order stays the
 * answer's (winners first by place, then the newest).
 */
export function filterCards(cards: readonly ProjectCard[], filters: GalleryFilters): ProjectCard[] {
  const q = filters.search?.trim().toLowerCase() ?? '';
  return cards.filter(
    (card) =>
      (!q || has(card.title, q) || has(card.tagline, q) || card.builtWith.some((t) => has(t, q))) &&
      (!filters.track || card.trackIds.includes(filters.track)) &&
      (filters.winners !== 'true' || card.awards.length > 0),
  );
}

/** "Winner", "2nd place · Best use of AI": a card's badge text. */
export function awardLabel(award: { prize: string; place: number }): string {
  return award.prize.trim() || `${ordinal(award.place)} place`;
}

export function ordinal(n: number): string {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : ({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th';
  return `${n}${suffix}`;
}
