import { z } from 'zod';
import { CHECK_IN_KINDS, CO_HOST_ROLES } from '../events/check-in';
import { Timestamp } from './users';

/**
 * The answers of tickets, co-hosts and check-in (docs/day-of.md). The check-in screen loads the board once
 * while online and can then check tickets with the public key alone and search the attendee list offline.
 */

export const CheckInKindSchema = z.enum(CHECK_IN_KINDS);

export const TicketViewSchema = z
  .strictObject({
    ticketId: z.string(),
    kind: CheckInKindSchema,
    listingId: z.string(),
    listingTitle: z.string(),
    listingPath: z.string().meta({ description: 'The listing’s public page, e.g. /events/<username>' }),
    startsAt: Timestamp,
    endsAt: Timestamp.nullable(),
    venue: z.string().nullable().meta({ description: 'Where to go; null for an online listing' }),
    attendeeName: z.string(),
    token: z.string().meta({ description: 'The signed ticket the QR code holds (CT1.<payload>.<signature>)' }),
    checkedInAt: Timestamp.nullable(),
  })
  .meta({ id: 'TicketView' });
export type TicketView = z.infer<typeof TicketViewSchema>;

export const MyTicketsSchema = z.strictObject({ tickets: z.array(TicketViewSchema) }).meta({ id: 'MyTickets' });
export type MyTickets = z.infer<typeof MyTicketsSchema>;

export const CheckInCountsSchema = z
  .strictObject({ registered: z.number().int(), checkedIn: z.number().int() })
  .meta({ id: 'CheckInCounts' });
export type CheckInCounts = z.infer<typeof CheckInCountsSchema>;

export const CheckInAttendeeSchema = z
  .strictObject({
    userId: z.string(),
    name: z.string(),
    username: z.string(),
    email: z.string(),
    ticketId: z.string(),
    teamName: z.string().nullable().meta({ description: 'A hackathon team member’s team' }),
    checkedInAt: Timestamp.nullable(),
    checkedInBy: z.string().nullable().meta({ description: 'Username of who checked them in' }),
  })
  .meta({ id: 'CheckInAttendee' });
export type CheckInAttendee = z.infer<typeof CheckInAttendeeSchema>;

export const CheckInRoleSchema = z.enum(['organiser', ...CO_HOST_ROLES, 'admin']);
export type CheckInRole = z.infer<typeof CheckInRoleSchema>;

export const CheckInBoardSchema = z
  .strictObject({
    listing: z.strictObject({ kind: CheckInKindSchema, id: z.string(), title: z.string(), path: z.string(), startsAt: Timestamp }),
    role: CheckInRoleSchema,
    publicKey: z.string().meta({ description: 'The Ed25519 public key that signs tickets: 32 bytes, base64url' }),
    counts: CheckInCountsSchema,
    attendees: z.array(CheckInAttendeeSchema),
  })
  .meta({ id: 'CheckInBoard' });
export type CheckInBoard = z.infer<typeof CheckInBoardSchema>;

/** One scan as a device sends it: a ticket's token, or an attendee picked by search. */
export const ScanSchema = z
  .strictObject({
    scanId: z.uuid(),
    token: z.string().max(1000).optional(),
    attendeeId: z.string().max(64).optional(),
    scannedAt: Timestamp,
  })
  .refine((s) => (s.token === undefined) !== (s.attendeeId === undefined), { message: 'A scan has a ticket or an attendee, not both' })
  .meta({ id: 'Scan' });
export type Scan = z.infer<typeof ScanSchema>;

/** A device sends one scan, or its offline queue at once (in the order scanned). */
export const ScanBatchSchema = z.strictObject({ scans: z.array(ScanSchema).min(1).max(200) }).meta({ id: 'ScanBatch' });
export type ScanBatch = z.infer<typeof ScanBatchSchema>;

export const SCAN_OUTCOMES = ['checked_in', 'already_checked_in', 'refused'] as const;

export const ScanResultSchema = z
  .strictObject({
    scanId: z.string(),
    outcome: z.enum(SCAN_OUTCOMES),
    attendee: z.strictObject({ userId: z.string(), name: z.string(), username: z.string() }).nullable(),
    checkedInAt: Timestamp.nullable(),
    checkedInBy: z.string().nullable().meta({ description: 'Username of who checked the attendee in' }),
    message: z.string().meta({ description: 'What the screen says, e.g. "Already checked in at 10:32 by priya_codes"' }),
  })
  .meta({ id: 'ScanResult' });
export type ScanResult = z.infer<typeof ScanResultSchema>;

export const ScanAnswerSchema = z.strictObject({ results: z.array(ScanResultSchema), counts: CheckInCountsSchema }).meta({ id: 'ScanAnswer' });
export type ScanAnswer = z.infer<typeof ScanAnswerSchema>;

export const CoHostViewSchema = z
  .strictObject({ userId: z.string(), username: z.string(), name: z.string(), role: z.enum(CO_HOST_ROLES) })
  .meta({ id: 'CoHostView' });
export type CoHostView = z.infer<typeof CoHostViewSchema>;

/** GET /api/listings/co-hosting: one listing the viewer co-hosts, with what their dashboard links to. */
export const CoHostedListingSchema = z
  .strictObject({
    kind: CheckInKindSchema,
    id: z.string(),
    title: z.string(),
    username: z.string().nullable().meta({ description: 'The listing’s username (events and hackathons; null for a quiz)' }),
    path: z.string().meta({ description: 'The listing’s public page, e.g. /events/<username>' }),
    startsAt: Timestamp,
    role: z.enum(CO_HOST_ROLES),
    hasDoor: z.boolean().meta({ description: 'Whether people are checked in at its door: events, offline and hybrid hackathons' }),
  })
  .meta({ id: 'CoHostedListing' });
export type CoHostedListing = z.infer<typeof CoHostedListingSchema>;

export const CoHostingSchema = z.strictObject({ listings: z.array(CoHostedListingSchema) }).meta({ id: 'CoHosting' });
export type CoHosting = z.infer<typeof CoHostingSchema>;

/** Socket events of the check-in screen: the client asks to watch a listing's counts, the server pushes them. */
export const CHECK_IN_WATCH = 'check-in:watch';
export const CHECK_IN_COUNTS = 'check-in:counts';
export interface CheckInCountsEvent extends CheckInCounts {
  kind: (typeof CHECK_IN_KINDS)[number];
  listingId: string;
}

/** DELETE /api/listings/{kind}/{id}/co-hosts/{username}. */
export const CoHostRemovedSchema = z.strictObject({ userId: z.string(), username: z.string() }).meta({ id: 'CoHostRemoved' });
export type CoHostRemoved = z.infer<typeof CoHostRemovedSchema>;

/** DELETE /api/check-in/{kind}/{id}/attendees/{userId}: the counts after the undo. */
export const CheckInUndoneSchema = z.strictObject({ userId: z.string(), counts: CheckInCountsSchema }).meta({ id: 'CheckInUndone' });
export type CheckInUndone = z.infer<typeof CheckInUndoneSchema>;
