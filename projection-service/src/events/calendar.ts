import ical from 'ical-generator';
import type { Knex } from 'knex';
import type { HackathonContent } from '@circuit/shared/events/hackathons';
import type { EventContent } from '@circuit/shared/events/event-listings';
import { registeredEventsForCalendar } from '@circuit/shared/read-models/events';
import { FALLBACK_TIME_ZONE, formatDateTime } from '@circuit/shared/time/format';

/** One entry of a calendar: an event or a hackathon the user registered for. */
export interface CalendarEntry {
  uid: string;
  title: string;
  summary: string;
  start: string;
  end: string;
  location: string;
  url: string;
  /** The organiser's zone: the description gives the times in it, named, as the listing's mails do. */
  timeZone: string;
}

const htmlToText = (html: string) => html.replace(/<[^>]*>/g, ' ').replace(/&nbsp;/g, ' ').replace(/\s+/g, ' ').trim();
const placeOf = (l: { type: string; address: string; city: string; state: string; country: string }) =>
  l.type === 'online' ? 'Online' : [l.address, l.city, l.state, l.country].filter(Boolean).join(', ');

export function eventEntry(id: string, c: EventContent, origin: string): CalendarEntry {
  return {
    uid: `event-${id}@circuit`,
    title: c.title,
    summary: c.shortDescription || htmlToText(c.description).slice(0, 500),
    start: c.dates.startDate,
    end: c.dates.endDate,
    location: placeOf(c.location),
    url: `${origin}/events/${encodeURIComponent(c.username)}`,
    timeZone: c.timeZone ?? FALLBACK_TIME_ZONE,
  };
}

function hackathonEntry(id: string, c: HackathonContent, origin: string): CalendarEntry {
  return {
    uid: `hackathon-${id}@circuit`,
    title: c.title,
    summary: c.shortDescription,
    start: c.dates.startDate,
    end: c.dates.endDate,
    location: placeOf({ ...c.location, type: c.location.type || 'online' }),
    url: `${origin}/hackathons/${encodeURIComponent(c.username)}`,
    timeZone: FALLBACK_TIME_ZONE,
  };
}

/**
 * An iCalendar (RFC 5545) document of the entries, built by ical-generator. Start and end are UTC instants
 * ('20261212T100000Z'), which every calendar shows in its owner's zone; the description adds them in the
 * organiser's zone, named, for someone reading the invitation itself.
 */
export function toIcs(name: string, entries: CalendarEntry[]): string {
  const calendar = ical({ name, prodId: { company: 'Circuit', product: 'Circuit calendar', language: 'EN' }, ttl: 60 * 60 });
  for (const e of entries) {
    const when = `${formatDateTime(e.start, { timeZone: e.timeZone })} to ${formatDateTime(e.end, { timeZone: e.timeZone })}`;
    calendar.createEvent({ id: e.uid, start: new Date(e.start), end: new Date(e.end), summary: e.title, description: `${when}\n\n${e.summary}\n\n${e.url}`, location: e.location || null, url: e.url });
  }
  return calendar.toString();
}

/** Every event and hackathon the user registered for (the personal feed). */
export async function personalEntries(knex: Knex, userId: string, origin: string): Promise<CalendarEntry[]> {
  const events = await registeredEventsForCalendar(knex, userId);
  const hackathons: { id: string; content: HackathonContent | string }[] = await knex('hackathons as h')
    .join('hackathon_registered_users as r', 'r.hackathon_id', 'h.id')
    .where('r.user_id', userId)
    .where('h.status', 'accepted')
    .select('h.id', 'h.content');
  return [
    ...events.map((e) => eventEntry(e.id, e.content, origin)),
    ...hackathons.map((h) => hackathonEntry(h.id, typeof h.content === 'string' ? (JSON.parse(h.content) as HackathonContent) : h.content, origin)),
  ].sort((a, b) => Date.parse(a.start) - Date.parse(b.start));
}
