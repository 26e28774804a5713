import { z } from 'zod';

/**
 * Co-hosts and check-in at the door (docs/day-of.md). Kinds of listing with a door: events, offline and
 * hybrid hackathons, quizzes held at a venue.
 *
 * - `listing-hosts-<kind>-<listingId>`: who helps the organiser run the listing, and with which role.
 * - `check-in-<kind>-<listingId>`: every check-in and undo. One check-in per attendee holds at a time: the first
 *   scan to reach the server wins; a later one (another device, or the same ticket again) is answered "already
 *   checked in" and appends nothing. Each scan carries the id the scanning device gave it, so a scan sent twice
 *   (a retry, an offline queue flushed again) is recorded once.
 */

export const CHECK_IN_KINDS = ['event', 'hackathon', 'quiz'] as const;
export type CheckInKind = (typeof CHECK_IN_KINDS)[number];

/** manager: everything the organiser can do but delete the listing; check-in: the check-in screen only. */
export const CO_HOST_ROLES = ['manager', 'check-in'] as const;
export type CoHostRole = (typeof CO_HOST_ROLES)[number];

const listing = { listingKind: z.enum(CHECK_IN_KINDS), listingId: z.string(), at: z.string(), byUserId: z.string() };

export const CheckInEventSchemas = {
  /** Added, or given another role (the latest event holds). */
  ListingCoHostAdded: z.object({ ...listing, userId: z.string(), role: z.enum(CO_HOST_ROLES) }),
  ListingCoHostRemoved: z.object({ ...listing, userId: z.string() }),
  AttendeeCheckedIn: z.object({
    ...listing,
    attendeeId: z.string(),
    /** null for a check-in by search, without a ticket. */
    ticketId: z.string().nullable(),
    /** The id the scanning device gave the scan (a UUID): the same scan sent again is recorded once. */
    scanId: z.string(),
    method: z.enum(['ticket', 'search']),
    /** When the device scanned it (it may have been offline); `at` is when the server recorded it. */
    scannedAt: z.string(),
  }),
  AttendeeCheckInUndone: z.object({ ...listing, attendeeId: z.string() }),
} as const;

export const coHostStream = (kind: CheckInKind, listingId: string) => `listing-hosts-${kind}-${listingId}`;
export const checkInStream = (kind: CheckInKind, listingId: string) => `check-in-${kind}-${listingId}`;
