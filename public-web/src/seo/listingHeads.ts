import type { Event } from '@circuit/shared/api/events';
import type { Hackathon } from '@circuit/shared/api/hackathons';
import { isFull } from '../events/labels';
import { fullName } from '../users/types';
import type { EventOffer, EventParty } from './eventJsonLd';
import { dateSpan, placeText } from './listingFacts';
import { listingHead, listingSubpageHead } from './listingHead';
import { externalUrl, profilePath, urlOf, type PageHead, type Site } from './pageHead';
import { plainText } from './plainText';

/** What a hackathon's and an event's answers share, all the head needs but the price and whether it is full. */
type Bookable = Pick<
  Hackathon,
  'username' | 'title' | 'shortDescription' | 'description' | 'status' | 'phase' | 'location' | 'dates' | 'organization' | 'createdAt' | 'takeRegistrations'
> & {
  images: { banner: string };
  pricing: { currency: string };
  createdBy: { username: string; firstName: string; lastName: string };
};

/** The organisation the listing names, else the member who listed it (their profile is public). */
function hostOf(site: Site, listing: Bookable): EventParty {
  const { name, website } = listing.organization;
  if (name.trim()) return { type: 'Organization', name: name.trim(), url: externalUrl(website) };
  return { type: 'Person', name: fullName(listing.createdBy), url: urlOf(site, profilePath(listing.createdBy.username)) };
}

/*
 * Registration on Circuit, as the page's registration card decides it. Google's event offers know InStock,
 * SoldOut and PreOrder only: a closed registration is SoldOut (nobody can get a place any more), with
 * validThrough saying when it closed. A listing that takes no registrations here offers nothing here.
 * validFrom is when the listing was created: the answers carry no opening date of their own.
 */
function offerOf(listing: Bookable, price: number, full: boolean): EventOffer | undefined {
  if (listing.takeRegistrations === 'false') return undefined;
  const open = listing.phase === 'registration_open' && !full;
  return {
    price,
    currency: listing.pricing.currency,
    availability: open ? 'InStock' : 'SoldOut',
    validFrom: listing.createdAt,
    validThrough: listing.dates.registrationDeadline,
  };
}

function bookableHead(site: Site, kind: 'hackathons' | 'events', listing: Bookable, price: number, full: boolean, fallbackName: string): PageHead {
  return listingHead(site, {
    kind,
    key: listing.username,
    path: `/${kind}/${encodeURIComponent(listing.username)}`,
    name: listing.title.trim() || fallbackName,
    banner: listing.images.banner,
    facts: [dateSpan(site, listing.dates.startDate, listing.dates.endDate), placeText(listing.location)],
    summary: plainText(listing.shortDescription) || plainText(listing.description),
    isPublic: listing.status === 'accepted',
    event: {
      startDate: listing.dates.startDate,
      endDate: listing.dates.endDate,
      location: listing.location,
      organizer: hostOf(site, listing),
      offer: offerOf(listing, price, full),
    },
  });
}

/** /hackathons/{username}: the answer of GET /api/hackathons/username/{username}. */
export function headOfHackathon(hackathon: Hackathon, site: Site): PageHead {
  // registrationFees is the fee the page shows: pricing.amount when paid, else 0.
  return bookableHead(site, 'hackathons', hackathon, hackathon.registrationFees, hackathon.currentParticipants >= hackathon.maxParticipants, 'Hackathon');
}

/** /events/{username}: the answer of GET /api/events/username/{username}. */
export function headOfEvent(event: Event, site: Site): PageHead {
  // A donation is not a price: Google reads 0 as free.
  const price = event.pricing.type === 'paid' ? event.pricing.amount : 0;
  return bookableHead(site, 'events', event, price, isFull(event), 'Event');
}

/**
 * /hackathons/{username}/announcements: from the announcements answer's `hackathon` (username and title),
 * or the hackathon itself when the page has it (then its banner is the picture).
 */
export function headOfAnnouncements(hackathon: Pick<Hackathon, 'username' | 'title'> & { images?: { banner: string } }, site: Site): PageHead {
  const name = hackathon.title.trim() || 'Hackathon';
  return listingSubpageHead(site, {
    title: `Announcements · ${name}`,
    description: `News, schedule changes and results from the organisers of ${name}.`,
    path: `/hackathons/${encodeURIComponent(hackathon.username)}/announcements`,
    image: { kind: 'hackathons', key: hackathon.username, name, banner: hackathon.images?.banner ?? '' },
  });
}
