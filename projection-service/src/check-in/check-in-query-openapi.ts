import { z } from 'zod';
import type { ApiRegistration } from '@circuit/shared/http/openapi/contract';
import { CheckInBoardSchema, CheckInKindSchema, CoHostingSchema, CoHostViewSchema, MyTicketsSchema } from '@circuit/shared/api/check-in';
import { CheckInMessages as M } from '@circuit/shared/check-in/messages';

const ListingParams = z.object({ kind: CheckInKindSchema, id: z.string().meta({ description: 'The listing id' }) });

/** check-in-query-routes.ts */
export const checkInQueryOpenApi: ApiRegistration = (api) => {
  api.route({
    method: 'get',
    path: '/api/tickets',
    tag: 'Check-in',
    summary: 'The signed-in user’s tickets',
    description: 'One per confirmed registration: an event place that is free or paid (not waitlisted, not awaiting payment), and each member of a complete team of an offline or hybrid hackathon. Soonest first.',
    auth: 'session',
    ok: { data: MyTicketsSchema },
  });
  api.route({
    method: 'get',
    path: '/api/listings/co-hosting',
    tag: 'Co-hosts',
    summary: 'The listings the signed-in user co-hosts, with their role on each',
    description: 'Deleted listings left out; soonest first. How a co-host reaches the check-in screen (and, as a manager, the organiser’s pages) from their dashboard.',
    auth: 'session',
    ok: { data: CoHostingSchema },
  });
  api.route({
    method: 'get',
    path: '/api/listings/{kind}/{id}/co-hosts',
    tag: 'Co-hosts',
    summary: 'A listing’s co-hosts, in the order they were added',
    auth: 'session',
    params: ListingParams,
    ok: { data: z.array(CoHostViewSchema) },
    errors: { 403: M.notCoHostViewer, 404: M.listingNotFound },
  });
  api.route({
    method: 'get',
    path: '/api/check-in/{kind}/{id}',
    tag: 'Check-in',
    summary: 'The check-in board: the listing, the caller’s role, the public key, the counts and every ticket holder',
    description: 'Loaded once while online: the screen then checks tickets with the public key alone and searches the attendees offline.',
    auth: 'session',
    params: ListingParams,
    ok: { data: CheckInBoardSchema },
    errors: { 403: M.notHost, 404: `${M.listingNotFound}; ${M.noDoor('hackathon')} (an online hackathon); ${M.noDoor('quiz')}` },
  });
};
