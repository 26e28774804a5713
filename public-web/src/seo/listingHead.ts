import { ogCardPath, type OgCardKind } from '@circuit/shared/web/og-card-path';
import { eventJsonLd, type EventFacts } from './eventJsonLd';
import { describeListing } from './listingFacts';
import { absoluteImageUrl, titleOf, urlOf, type HeadImage, type PageHead, type Site } from './pageHead';
import { cutAtWord } from './plainText';

/** The generated cards are 1200x630, the size Open Graph consumers crop least. */
const CARD = { width: 1200, height: 630 } as const;

/** Google shows no more of an event's description than this; the rest is on the page. */
const EVENT_DESCRIPTION_MAX = 500;

/** What the head of a hackathon, event or quiz page is made of, whichever answer it came from. */
export interface ListingPage {
  kind: OgCardKind;
  /** The card's key: the username of a hackathon or an event, the id of a quiz. */
  key: string;
  path: string;
  name: string;
  /** The listing's own picture, a site path or an http(s) URL; '' without one. */
  banner: string;
  /** Dates, place: what a searcher wants before the summary. */
  facts: string[];
  /** Plain text. */
  summary: string;
  /** Only accepted listings are public: a crawler never indexes one in review or rejected. */
  isPublic: boolean;
  event: Omit<EventFacts, 'name' | 'description' | 'url' | 'image'>;
}

/** The banner when the listing has one, else the card generated for it. */
export function listingImage(site: Site, page: Pick<ListingPage, 'kind' | 'key' | 'name' | 'banner'>): HeadImage {
  const banner = absoluteImageUrl(site, page.banner);
  if (banner) return { url: banner, alt: page.name };
  return { url: urlOf(site, ogCardPath(page.kind, page.key)), alt: page.name, ...CARD };
}

export function listingHead(site: Site, page: ListingPage): PageHead {
  const canonical = urlOf(site, page.path);
  const image = listingImage(site, page);
  const event = eventJsonLd({
    ...page.event,
    name: page.name,
    description: cutAtWord(page.summary, EVENT_DESCRIPTION_MAX),
    url: canonical,
    image: image.url,
  });
  return {
    title: titleOf(page.name, site),
    description: describeListing(page.facts, page.summary),
    canonical,
    siteName: site.name,
    image,
    ogType: 'website',
    twitterCard: 'summary_large_image',
    jsonLd: [event],
    ...(page.isPublic ? {} : { noindex: true }),
  };
}

/** A page about a listing that is not the listing itself (its announcements, its leaderboard): the listing's picture, no markup. */
export function listingSubpageHead(site: Site, page: { title: string; description: string; path: string; image: Parameters<typeof listingImage>[1] }): PageHead {
  return {
    title: titleOf(page.title, site),
    description: cutAtWord(page.description),
    canonical: urlOf(site, page.path),
    siteName: site.name,
    image: listingImage(site, page.image),
    ogType: 'website',
    twitterCard: 'summary_large_image',
    jsonLd: [],
  };
}
