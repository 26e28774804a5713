import { describe, expect, it } from 'vitest';
import { eventAnswer, hackathonAnswer, site } from './answerFixtures';
import { headOfAnnouncements, headOfEvent, headOfHackathon } from './listingHeads';
import type { JsonLd, PageHead } from './pageHead';

const only = (head: PageHead): JsonLd => {
  expect(head.jsonLd).toHaveLength(1);
  return head.jsonLd[0]!;
};
const offerOf = (head: PageHead) => only(head).offers as JsonLd | undefined;

/** What Google's event structured data requires: name, startDate, and a Place with an address or a VirtualLocation with a url. */
function expectGoogleRequired(node: JsonLd) {
  expect(node['@context']).toBe('https://schema.org');
  expect(node['@type']).toBe('Event');
  expect(typeof node.name === 'string' && node.name.length > 0).toBe(true);
  expect(Number.isNaN(Date.parse(String(node.startDate)))).toBe(false);
  const locations = [node.location].flat() as JsonLd[];
  expect(locations.length).toBeGreaterThan(0);
  for (const location of locations) {
    if (location['@type'] === 'Place') expect((location.address as JsonLd)['@type']).toBe('PostalAddress');
    else expect(location).toEqual({ '@type': 'VirtualLocation', url: expect.stringMatching(/^https:\/\//) });
  }
}

describe('headOfHackathon', () => {
  const canonical = 'https://circuit.example/hackathons/code-for-farmers';

  it('titles, describes and points at the listing', () => {
    const head = headOfHackathon(hackathonAnswer(), site);
    expect(head.title).toBe('Code for Farmers 2026 · Circuit');
    expect(head.canonical).toBe(canonical);
    expect(head.siteName).toBe('Circuit');
    expect(head.ogType).toBe('website');
    expect(head.twitterCard).toBe('summary_large_image');
    expect(head.noindex).toBeUndefined();
  });

  it('leads the description with the dates and the town, then cuts the summary at a word with an ellipsis', () => {
    const head = headOfHackathon(hackathonAnswer(), site);
    expect(head.description).toBe(
      '12 Dec 2026 to 13 Dec 2026 · Bengaluru, Karnataka, India. Build tools that help small farmers plan, sell and share harvests, with open data and mentors from…',
    );
    expect(head.description.length).toBeLessThanOrEqual(160);
  });

  it('shows the banner, made absolute', () => {
    expect(headOfHackathon(hackathonAnswer(), site).image).toEqual({ url: 'https://circuit.example/uploads/banners/code-for-farmers.webp', alt: 'Code for Farmers 2026' });
    const external = hackathonAnswer({ images: { banner: 'https://cdn.example/b.png', logo: '', gallery: [] } });
    expect(headOfHackathon(external, site).image?.url).toBe('https://cdn.example/b.png');
  });

  it('points at the generated 1200x630 card when there is no banner (or one crawlers cannot fetch)', () => {
    const card = { url: 'https://circuit.example/og/hackathons/code-for-farmers.png', alt: 'Code for Farmers 2026', width: 1200, height: 630 };
    expect(headOfHackathon(hackathonAnswer({ images: { banner: '', logo: '', gallery: [] } }), site).image).toEqual(card);
    expect(headOfHackathon(hackathonAnswer({ images: { banner: 'javascript:alert(1)', logo: '', gallery: [] } }), site).image).toEqual(card);
  });

  it('marks an in-person, paid hackathon up as a Google Event with every required and recommended property it has', () => {
    const node = only(headOfHackathon(hackathonAnswer(), site));
    expectGoogleRequired(node);
    expect(node).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Event',
      name: 'Code for Farmers 2026',
      description: 'Build tools that help small farmers plan, sell and share harvests, with open data and mentors from agritech teams.',
      startDate: '2026-12-12T04:30:00.000Z',
      endDate: '2026-12-13T12:30:00.000Z',
      eventStatus: 'https://schema.org/EventScheduled',
      eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
      location: {
        '@type': 'Place',
        name: 'IIIT Bangalore, Electronics City',
        address: { '@type': 'PostalAddress', streetAddress: 'IIIT Bangalore, Electronics City', addressLocality: 'Bengaluru', addressRegion: 'Karnataka', addressCountry: 'India' },
      },
      image: ['https://circuit.example/uploads/banners/code-for-farmers.webp'],
      url: canonical,
      organizer: { '@type': 'Organization', name: 'GDG Bengaluru', url: 'https://gdg.community.dev/gdg-bengaluru' },
      offers: {
        '@type': 'Offer',
        url: canonical,
        price: 499,
        priceCurrency: 'INR',
        availability: 'https://schema.org/InStock',
        validFrom: '2026-10-01T09:15:00.000Z',
        validThrough: '2026-12-05T18:29:59.000Z',
      },
    });
  });

  it('lists both a Place and a VirtualLocation for a hybrid hackathon', () => {
    const node = only(headOfHackathon(hackathonAnswer({ location: { type: 'hybrid', country: 'India', state: 'Kerala', city: 'Kochi', address: '' } }), site));
    expectGoogleRequired(node);
    expect(node.eventAttendanceMode).toBe('https://schema.org/MixedEventAttendanceMode');
    expect(node.location).toEqual([
      { '@type': 'Place', name: 'Kochi', address: { '@type': 'PostalAddress', addressLocality: 'Kochi', addressRegion: 'Kerala', addressCountry: 'India' } },
      { '@type': 'VirtualLocation', url: canonical },
    ]);
    expect(headOfHackathon(hackathonAnswer({ location: { type: 'hybrid', country: 'India', state: 'Kerala', city: 'Kochi', address: '' } }), site).description).toMatch(
      /^12 Dec 2026 to 13 Dec 2026 · Kochi, Kerala, India and online\. /,
    );
  });

  it('says SoldOut once every place is taken or registration has closed', () => {
    expect(offerOf(headOfHackathon(hackathonAnswer({ currentParticipants: 200 }), site))?.availability).toBe('https://schema.org/SoldOut');
    expect(offerOf(headOfHackathon(hackathonAnswer({ phase: 'registration_closed' }), site))?.availability).toBe('https://schema.org/SoldOut');
    expect(offerOf(headOfHackathon(hackathonAnswer({ currentParticipants: 199 }), site))?.availability).toBe('https://schema.org/InStock');
  });

  it('offers nothing when the hackathon takes no registrations on Circuit', () => {
    expect(offerOf(headOfHackathon(hackathonAnswer({ takeRegistrations: 'false' }), site))).toBeUndefined();
  });

  it('names the member who listed it when no organisation is given', () => {
    const node = only(headOfHackathon(hackathonAnswer({ organization: { name: ' ', website: '', logo: '' } }), site));
    expect(node.organizer).toEqual({ '@type': 'Person', name: 'Asha Rao', url: 'https://circuit.example/in/asha.rao' });
  });

  it('keeps a listing in review or rejected out of the index', () => {
    expect(headOfHackathon(hackathonAnswer({ status: 'pending' }), site).noindex).toBe(true);
    expect(headOfHackathon(hackathonAnswer({ status: 'rejected' }), site).noindex).toBe(true);
  });
});

describe('headOfEvent', () => {
  const canonical = 'https://circuit.example/events/rust-101';

  it('describes an online event by its day and from its description when it has no short one', () => {
    const head = headOfEvent(eventAnswer(), site);
    expect(head.title).toBe('Rust 101: ownership without tears · Circuit');
    expect(head.canonical).toBe(canonical);
    expect(head.description).toBe('20 Dec 2026 · Online. What you will learn Borrowing, lifetimes & the Box<T> type, hands on.');
  });

  it('points at the generated card without a banner', () => {
    expect(headOfEvent(eventAnswer(), site).image).toEqual({ url: 'https://circuit.example/og/events/rust-101.png', alt: 'Rust 101: ownership without tears', width: 1200, height: 630 });
  });

  it('marks an online, free event up with a VirtualLocation, a price of 0 and its host', () => {
    const node = only(headOfEvent(eventAnswer(), site));
    expectGoogleRequired(node);
    expect(node).toMatchObject({
      eventAttendanceMode: 'https://schema.org/OnlineEventAttendanceMode',
      location: { '@type': 'VirtualLocation', url: canonical },
      image: ['https://circuit.example/og/events/rust-101.png'],
      organizer: { '@type': 'Person', name: 'Kiran Shah', url: 'https://circuit.example/in/dev_kiran' },
      offers: { '@type': 'Offer', url: canonical, price: 0, priceCurrency: 'INR', availability: 'https://schema.org/InStock', validFrom: '2026-11-01T08:00:00.000Z' },
    });
  });

  it('prices a paid event at its amount and a donation at 0', () => {
    const paid = eventAnswer({ pricing: { type: 'paid', amount: 250, currency: 'INR', earlyBird: { amount: 0, deadline: '' } } });
    expect(offerOf(headOfEvent(paid, site))).toMatchObject({ price: 250, priceCurrency: 'INR' });
    const donation = eventAnswer({ pricing: { type: 'donation', amount: 100, currency: 'INR', earlyBird: { amount: 0, deadline: '' } } });
    expect(offerOf(headOfEvent(donation, site))?.price).toBe(0);
  });

  it('says SoldOut when the places are taken, counting those offered to the waitlist', () => {
    expect(offerOf(headOfEvent(eventAnswer({ currentAttendees: 98, placesOnOffer: 2 }), site))?.availability).toBe('https://schema.org/SoldOut');
    expect(offerOf(headOfEvent(eventAnswer({ maxAttendees: 0, currentAttendees: 5000 }), site))?.availability).toBe('https://schema.org/InStock');
  });
});

describe('headOfAnnouncements', () => {
  it('titles the page after its hackathon and shows the hackathon card', () => {
    const head = headOfAnnouncements({ username: 'code-for-farmers', title: 'Code for Farmers 2026' }, site);
    expect(head).toEqual({
      title: 'Announcements · Code for Farmers 2026 · Circuit',
      description: 'News, schedule changes and results from the organisers of Code for Farmers 2026.',
      canonical: 'https://circuit.example/hackathons/code-for-farmers/announcements',
      siteName: 'Circuit',
      image: { url: 'https://circuit.example/og/hackathons/code-for-farmers.png', alt: 'Code for Farmers 2026', width: 1200, height: 630 },
      ogType: 'website',
      twitterCard: 'summary_large_image',
      jsonLd: [],
    });
  });

  it('shows the banner when given the whole hackathon', () => {
    expect(headOfAnnouncements(hackathonAnswer(), site).image?.url).toBe('https://circuit.example/uploads/banners/code-for-farmers.webp');
  });
});
