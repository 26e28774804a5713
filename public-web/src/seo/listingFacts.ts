import type { LocationType } from '@circuit/shared/hackathons/options';
import { FALLBACK_TIME_ZONE, formatDate } from '@circuit/shared/time/format';
import type { Site } from './pageHead';
import { cutAtWord } from './plainText';

/** Where a hackathon or an event happens, as both answers carry it. */
export interface ListingLocation {
  type: LocationType;
  address: string;
  city: string;
  state: string;
  country: string;
}

/** '12 Dec 2026', or '12 Dec 2026 to 14 Dec 2026' over several days; '' without a start. */
export function dateSpan(site: Site, start: string, end: string): string {
  const timeZone = site.timeZone ?? FALLBACK_TIME_ZONE;
  const from = formatDate(start, { timeZone });
  const to = formatDate(end, { timeZone });
  return !from ? '' : to && to !== from ? `${from} to ${to}` : from;
}

/** The town, state and country: the street is for the page, not for a one-line summary. */
export const townOf = (location: ListingLocation) => [location.city, location.state, location.country].filter((part) => part.trim()).join(', ');

/** 'Online', 'Bengaluru, Karnataka, India', 'Bengaluru, Karnataka, India and online'. */
export function placeText(location: ListingLocation): string {
  const town = townOf(location);
  if (location.type === 'online') return 'Online';
  if (location.type === 'hybrid') return town ? `${town} and online` : 'Hybrid: in person and online';
  return town || 'In person';
}

/**
 * The meta description of a listing: its facts first, so that the cut at DESCRIPTION_MAX never takes the
 * dates and the place, then as much of its summary as fits.
 */
export function describeListing(facts: string[], summary: string): string {
  const lead = facts.filter(Boolean).join(' · ');
  return cutAtWord([lead && `${lead}.`, summary].filter(Boolean).join(' '));
}
