import { GALLERY_PAGE_SIZE } from '@circuit/shared/hackathons/gallery';
import { urlFilterCodec } from '../../listings/urlFilters';

/** The gallery's search and filters as they live in the URL (shareable, kept on reload): `?search=&track=&winners=true`. */
export const GALLERY_FILTER_KEYS = ['search', 'track', 'winners'] as const;
export type GalleryFilterKey = (typeof GALLERY_FILTER_KEYS)[number];
export type GalleryFilters = Partial<Record<GalleryFilterKey, string>>;

export const galleryFilterCodec = urlFilterCodec(GALLERY_FILTER_KEYS);

/**
 * The API's query of a gallery page (GET /projects?q=&track=&winners=true&limit=&cursor=) for the URL's filters:
 * the server searches, filters, orders and pages; the URL's `search` is the API's `q`.
 */
export function galleryApiQuery(filters: GalleryFilters, cursor: string | null, limit = GALLERY_PAGE_SIZE): string {
  const params = new URLSearchParams();
  const q = filters.search?.trim();
  if (q) params.set('q', q);
  if (filters.track) params.set('track', filters.track);
  if (filters.winners === 'true') params.set('winners', 'true');
  params.set('limit', String(limit));
  if (cursor) params.set('cursor', cursor);
  return params.toString();
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
