import type { EventCard } from '@circuit/shared/api/events';
import { money } from '../hackathons/labels';

export const EVENT_TYPE_LABELS: Record<string, string> = {
  College_fests: 'College fest',
  conference: 'Conference',
  workshop: 'Workshop',
  meetup: 'Meetup',
  webinar: 'Webinar',
  competition: 'Competition',
  exhibition: 'Exhibition',
  seminar: 'Seminar',
  other: 'Other',
};

export const EVENT_CATEGORY_LABELS: Record<string, string> = {
  technology: 'Technology',
  business: 'Business',
  education: 'Education',
  healthcare: 'Healthcare',
  environment: 'Environment',
  social: 'Social',
  entertainment: 'Entertainment',
  sports: 'Sports',
  other: 'Other',
};

/**
 * An event's price in its own currency's sign: $ for the default USD (the spec's "$ on event
 * pages"), ₹ for INR and so on, never a dollar sign in front of another currency's amount.
 */
export function eventPrice(e: Pick<EventCard, 'pricing'>): string {
  if (e.pricing.type === 'free' || e.pricing.amount <= 0) return e.pricing.type === 'donation' ? 'Donation' : 'Free';
  return money(e.pricing.amount, e.pricing.currency);
}

type Seats = Pick<EventCard, 'currentAttendees' | 'maxAttendees' | 'placesOnOffer'>;
/** A place offered to the waitlist is not free for anyone else, so it counts as taken. */
const taken = (e: Seats) => e.currentAttendees + e.placesOnOffer;
export const seatsText = (e: Seats) => (e.maxAttendees > 0 ? `${taken(e)} / ${e.maxAttendees}` : `${e.currentAttendees} going`);
export const isFull = (e: Seats & Pick<EventCard, 'waitlistCount'>) => e.maxAttendees > 0 && (taken(e) >= e.maxAttendees || e.waitlistCount > 0);
