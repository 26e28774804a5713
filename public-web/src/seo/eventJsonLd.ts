import { filled, type JsonLd } from './pageHead';
import type { ListingLocation } from './listingFacts';

/*
 * schema.org Event as Google's event structured data documents it: name, startDate and location are
 * required (a Place needs its address, a VirtualLocation its url; a mixed event lists both); description,
 * endDate, eventAttendanceMode, eventStatus, image, offers (price, priceCurrency, availability, validFrom,
 * url) and organizer (name, url) are recommended.
 */

const SCHEMA = 'https://schema.org/';

/** Google's event docs name these three values of availability and no other. */
export type Availability = 'InStock' | 'SoldOut' | 'PreOrder';

export interface EventParty {
  type: 'Organization' | 'Person';
  name: string;
  url?: string;
}

export interface EventOffer {
  price: number;
  currency: string;
  availability: Availability;
  /** When registration opened (Google: when tickets went on sale). */
  validFrom?: string;
  /** When registration closes. */
  validThrough?: string;
}

export interface EventFacts {
  name: string;
  description: string;
  startDate: string;
  endDate: string;
  /** The page's canonical URL: the event's url, its offer's and, online, its VirtualLocation's. */
  url: string;
  location: ListingLocation;
  image?: string;
  organizer?: EventParty;
  offer?: EventOffer;
}

const ATTENDANCE: Record<ListingLocation['type'], string> = {
  online: `${SCHEMA}OnlineEventAttendanceMode`,
  offline: `${SCHEMA}OfflineEventAttendanceMode`,
  hybrid: `${SCHEMA}MixedEventAttendanceMode`,
};

function place(location: ListingLocation): JsonLd {
  const address = filled({
    '@type': 'PostalAddress',
    streetAddress: location.address,
    addressLocality: location.city,
    addressRegion: location.state,
    addressCountry: location.country,
  });
  // A Place is named by its venue; the street address is the nearest thing the answers have.
  return { '@type': 'Place', ...filled({ name: location.address || location.city }), address };
}

/** A Place for a venue, a VirtualLocation (the page, where the link to join is given) online, both when mixed. */
function locationOf(facts: EventFacts): JsonLd | JsonLd[] {
  const virtual = { '@type': 'VirtualLocation', url: facts.url };
  if (facts.location.type === 'online') return virtual;
  if (facts.location.type === 'offline') return place(facts.location);
  return [place(facts.location), virtual];
}

function offerOf(facts: EventFacts, offer: EventOffer): JsonLd {
  return {
    '@type': 'Offer',
    url: facts.url,
    // Google asks for 0 when the event is free.
    price: offer.price,
    priceCurrency: offer.currency,
    availability: `${SCHEMA}${offer.availability}`,
    ...filled({ validFrom: offer.validFrom, validThrough: offer.validThrough }),
  };
}

/** The Event node of a hackathon, an event or a quiz page. */
export function eventJsonLd(facts: EventFacts): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: facts.name,
    ...filled({ description: facts.description }),
    startDate: facts.startDate,
    ...filled({ endDate: facts.endDate }),
    // The answers carry no cancelled or postponed state: a published listing is scheduled.
    eventStatus: `${SCHEMA}EventScheduled`,
    eventAttendanceMode: ATTENDANCE[facts.location.type],
    location: locationOf(facts),
    ...(facts.image ? { image: [facts.image] } : {}),
    url: facts.url,
    ...(facts.organizer ? { organizer: { '@type': facts.organizer.type, ...filled({ name: facts.organizer.name, url: facts.organizer.url }) } } : {}),
    ...(facts.offer ? { offers: offerOf(facts, facts.offer) } : {}),
  };
}
