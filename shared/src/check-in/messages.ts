import { z } from 'zod';
import { CO_HOST_ROLES } from '../events/check-in';

/** The words of co-hosts and check-in (docs/day-of.md), shared by the routes, their description and the tests. */
export const CheckInMessages = {
  listingNotFound: 'Listing not found',
  noDoor: (kind: string) => `This ${kind} is held online: it has no check-in`,
  quizzesOnline: 'Quizzes are held online: they have no check-in, so no check-in co-hosts',
  notHost: 'Only the organiser, admins and co-hosts can check people in here',
  notCoHostManager: 'Only the organiser or an admin can manage co-hosts',
  notCoHostViewer: 'Only the organiser, admins and managers can see the co-hosts',
  unknownUser: 'No user with that username',
  organiserItself: 'The organiser already runs this listing: they cannot be a co-host of it',
  notCoHost: (username: string) => `${username} is not a co-host of this listing`,
  badRole: 'Role must be manager or check-in',
  coHostSaved: 'Co-host saved',
  coHostRemoved: 'Co-host removed',
  scansRecorded: 'Scans recorded',
  notCheckedIn: 'This attendee is not checked in',
  checkInUndone: 'Check-in undone',
  invalidTicket: 'This ticket is not valid',
  otherListing: 'This ticket is for another listing',
  noRegistration: 'No registration for this ticket',
  noAttendee: 'No registration for this attendee',
  checkedIn: (name: string) => `${name} checked in`,
  alreadyCheckedIn: (time: string, by: string) => `Already checked in at ${time} by ${by}`,
} as const;

export const CoHostBodySchema = z.strictObject({ role: z.enum(CO_HOST_ROLES, { error: CheckInMessages.badRole }) }).meta({ id: 'CoHostBody' });
export type CoHostBody = z.infer<typeof CoHostBodySchema>;

/** The bus topic of live check-in counts: the command service publishes, the realtime service hands them to watching sockets. */
export const CHECK_IN_COUNTS_TOPIC = 'check-in.counts';
export const checkInRoom = (kind: string, listingId: string) => `check-in:${kind}:${listingId}`;

/** "10:32": a check-in's time of day in the listing's zone. */
export const timeOfDay = (iso: string, timeZone: string) => new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone }).format(new Date(iso));
