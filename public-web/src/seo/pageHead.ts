import { FALLBACK_TIME_ZONE } from '@circuit/shared/time/format';

/**
 * The <head> of a public page as data (issue 33): built by pure functions from the API answer the page
 * already fetches, so the server's render and the browser's document.title say the same thing.
 */

/** A JSON-LD node (schema.org), serialised as it is. */
export type JsonLd = Record<string, unknown>;

/** Only the fields that say something: an empty string in JSON-LD is an error in Google's test, not a blank. */
export function filled(node: Record<string, string | undefined>): JsonLd {
  return Object.fromEntries(Object.entries(node).filter(([, value]) => value !== undefined && value.trim() !== ''));
}

export interface HeadImage {
  /** Absolute: crawlers and link previews do not resolve a relative og:image. */
  url: string;
  alt: string;
  width?: number;
  height?: number;
}

/*
 * Open Graph has no event type (its global types are website, article, book, profile and the music and
 * video ones): listings are 'website', a developer's page is 'profile'. No page here is an article.
 */
export type OgType = 'website' | 'profile';
export type TwitterCard = 'summary_large_image' | 'summary';

export interface PageHead {
  /** The whole <title>, "Listing · Circuit" (document.title takes it as is). */
  title: string;
  description: string;
  /** Absolute URL of the page's one address (a profile has two routes, a quiz two). */
  canonical: string;
  siteName: string;
  image?: HeadImage;
  ogType: OgType;
  twitterCard: TwitterCard;
  /** The profile:* Open Graph properties of a 'profile' page. */
  profile?: { firstName: string; lastName: string; username: string };
  jsonLd: JsonLd[];
  /** Crawlers keep the page out of their index (and no canonical is claimed for it). */
  noindex?: boolean;
}

export interface Site {
  /** The public URL without a trailing slash, e.g. https://circuit.example. */
  origin: string;
  name: string;
  /**
   * The zone of the dates in descriptions. Not the viewer's: the server and the browser must write the
   * same text, and listings are entered on India's clock unless they say otherwise.
   */
  timeZone?: string;
}

/** The site at an origin ('https://circuit.example/' or without the slash). */
export const siteAt = (origin: string): Site => ({ origin: origin.replace(/\/+$/, ''), name: 'Circuit', timeZone: FALLBACK_TIME_ZONE });

export const titleOf = (name: string, site: Site) => `${name} · ${site.name}`;

/** An absolute URL of one of the site's paths ('/hackathons/x'). */
export const urlOf = (site: Site, path: string) => `${site.origin}${path}`;

/** Where the web app's share links and most of its own links point: /in/{username}. */
export const profilePath = (username: string) => `/in/${encodeURIComponent(username)}`;

/**
 * An image the answer names, made absolute: our uploads are site paths ('/uploads/...'), others are
 * http(s) URLs. Anything else (a data: or javascript: URL, a protocol-relative one) is not offered to
 * crawlers: undefined.
 */
export function absoluteImageUrl(site: Site, src: string | null | undefined): string | undefined {
  const value = src?.trim() ?? '';
  if (/^https?:\/\//i.test(value)) return value;
  if (value.startsWith('/') && !value.startsWith('//')) return urlOf(site, value);
  return undefined;
}

/**
 * A link a person typed (a website, a GitHub address), as the profile page opens it: https:// added
 * when the scheme is missing. A value that is no address at all (a bare handle, words) gives undefined.
 */
export function externalUrl(value: string | null | undefined): string | undefined {
  const text = value?.trim() ?? '';
  if (/^https?:\/\/[^\s/]+\.[^\s]+$/i.test(text)) return text;
  if (/^[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z]{2,}(\/\S*)?$/i.test(text)) return `https://${text}`;
  return undefined;
}
