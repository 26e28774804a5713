import { z } from 'zod';
import type { ApiRegistration } from '@circuit/shared/http/openapi/contract';
import { CheckInKindSchema, CheckInUndoneSchema, CoHostRemovedSchema, CoHostViewSchema, ScanAnswerSchema, ScanBatchSchema } from '@circuit/shared/api/check-in';
import { CheckInMessages as M, CoHostBodySchema } from '@circuit/shared/check-in/messages';

export const coHostsTag = 'Co-hosts';
export const checkInTag = 'Check-in';
export const ListingParams = z.object({ kind: CheckInKindSchema, id: z.string().meta({ description: 'The listing id' }) });
const NOT_FOUND = `${M.listingNotFound}; ${M.noDoor('hackathon')} (an online hackathon); ${M.noDoor('quiz')}`;

/** check-in-routes.ts */
export const checkInOpenApi: ApiRegistration = (api) => {
  api.tag(
    coHostsTag,
    'People who help the organiser run a listing. A `manager` does everything the organiser can for that listing except delete it (edit, participants and their export, announcements, judging, check-in); ' +
      'a `check-in` co-host uses the check-in screen only. The organiser and admins add, change and remove co-hosts.',
  );
  api.tag(
    checkInTag,
    'Tickets and check-in at the door. A ticket is a QR code holding a token signed with the server’s Ed25519 key (`CT1.<payload>.<signature>`), so the check-in screen checks it without the network. ' +
      'Each scan carries the id its device gave it: a scan sent again is answered as it was the first time and recorded once; of two devices scanning one ticket the first to reach the server checks the attendee in. ' +
      'For the organiser, admins and co-hosts of an event, or of an offline or hybrid hackathon (quizzes are held online).',
  );
  api.route({
    method: 'put',
    path: '/api/listings/{kind}/{id}/co-hosts/{username}',
    tag: coHostsTag,
    summary: 'Add a co-host, or change their role',
    auth: 'session',
    params: ListingParams.extend({ username: z.string() }),
    body: CoHostBodySchema,
    ok: { data: CoHostViewSchema, message: M.coHostSaved },
    errors: { 400: `${M.badRole}; ${M.organiserItself}; ${M.quizzesOnline}`, 403: M.notCoHostManager, 404: `${M.listingNotFound}; ${M.unknownUser}` },
  });
  api.route({
    method: 'delete',
    path: '/api/listings/{kind}/{id}/co-hosts/{username}',
    tag: coHostsTag,
    summary: 'Remove a co-host',
    auth: 'session',
    params: ListingParams.extend({ username: z.string() }),
    ok: { data: CoHostRemovedSchema, message: M.coHostRemoved },
    errors: { 403: M.notCoHostManager, 404: `${M.listingNotFound}; ${M.unknownUser}; ${M.notCoHost('<username>')}` },
  });
  api.route({
    method: 'post',
    path: '/api/check-in/{kind}/{id}/scans',
    tag: checkInTag,
    summary: 'Check people in: one scan, or a device’s offline queue',
    description:
      'Each result is `checked_in`, `already_checked_in` ("Already checked in at 10:32 by priya_codes", the time in the listing’s zone or India’s) or `refused` ' +
      `("${M.invalidTicket}", "${M.otherListing}", "${M.noRegistration}"). The counts are the door’s after the batch; they are also pushed to the sockets watching it.`,
    auth: 'session',
    params: ListingParams,
    body: ScanBatchSchema,
    ok: { data: ScanAnswerSchema, message: M.scansRecorded },
    errors: { 400: 'A scan without a ticket or an attendee, or with both; more than 200 scans', 403: M.notHost, 404: NOT_FOUND },
  });
  api.route({
    method: 'delete',
    path: '/api/check-in/{kind}/{id}/attendees/{userId}',
    tag: checkInTag,
    summary: 'Undo a check-in',
    auth: 'session',
    params: ListingParams.extend({ userId: z.string() }),
    ok: { data: CheckInUndoneSchema, message: M.checkInUndone },
    errors: { 403: M.notHost, 404: `${NOT_FOUND}; ${M.notCheckedIn}` },
  });
};
