import type { CheckInKind } from '@circuit/shared/events/check-in';

/** The door's addresses, apart from its requests, so a dashboard card linking to them loads no check-in code. */
export const checkInPath = (kind: CheckInKind, id: string) => `/check-in/${kind}/${encodeURIComponent(id)}`;
export const coHostsPath = (kind: CheckInKind, id: string) => `/manage/${kind}/${encodeURIComponent(id)}/co-hosts`;

/**
 * The organiser's own page of a listing, beside View and Edit on their card (participants, or a hackathon's
 * announcements): a manager co-host's way in from their dashboard too, so both link to the same place.
 */
export function organiserPageOf(kind: CheckInKind, listing: { id: string; username?: string | null }): { to: string; label: string } {
  if (kind === 'hackathon') return { to: `/admin/hackathons/${encodeURIComponent(listing.username ?? listing.id)}/announcements`, label: 'Announcements' };
  return { to: `/admin/${kind === 'event' ? 'events' : 'quizzes'}/${encodeURIComponent(listing.id)}/participants`, label: 'Participants' };
}
