import { Router, type Request } from 'express';
import type { Knex } from 'knex';
import { forbidden, notFound } from '@circuit/shared/commands/domain-errors';
import { CheckInKindSchema, type CheckInBoard, type CoHosting } from '@circuit/shared/api/check-in';
import { CheckInMessages as M } from '@circuit/shared/check-in/messages';
import { requireUserId } from '@circuit/shared/http/auth';
import { ok } from '@circuit/shared/http/envelope';
import { countsOfAttendees, doorAttendees, findDoorListing, hasDoor, hostRoleOf, listCoHosts, listingPathOf, managesListing } from '@circuit/shared/read-models/check-in';
import type { TicketKeys } from '@circuit/shared/tickets/ticket-keys';
import { listingIdOf } from '../listings/listing-access';
import { coHostedListingsOf } from './co-hosting';
import { ticketsOf } from './tickets';

/** The listing of `/:kind/:id` as the read models have it; 404 when there is none. */
async function listingOf(knex: Knex, req: Request) {
  const kind = CheckInKindSchema.safeParse(req.params.kind);
  const key = listingIdOf(String(req.params.id ?? ''));
  const row = kind.success && key ? await findDoorListing(knex, kind.data, key.id) : undefined;
  if (!kind.success || !row) throw notFound(M.listingNotFound);
  return { kind: kind.data, row };
}

/**
 * The reads of tickets, co-hosts and check-in (docs/day-of.md), from the read models. The tickets
 * are signed here with the server's key: a read needs no command, and Ed25519 gives the same token
 * for the same ticket every time.
 */
export function checkInQueryRoutes(knex: Knex, keys: TicketKeys): Router {
  const router = Router();

  router.get('/api/tickets', async (req, res) => {
    const userId = requireUserId(req);
    res.json(ok({ tickets: await ticketsOf(knex, keys, userId) }));
  });

  router.get('/api/listings/co-hosting', async (req, res) => {
    const answer: CoHosting = { listings: await coHostedListingsOf(knex, requireUserId(req)) };
    res.json(ok(answer));
  });

  router.get('/api/listings/:kind/:id/co-hosts', async (req, res) => {
    const userId = requireUserId(req);
    const { kind, row } = await listingOf(knex, req);
    if (!managesListing(await hostRoleOf(knex, kind, row, userId))) throw forbidden(M.notCoHostViewer);
    res.json(ok(await listCoHosts(knex, kind, row.id)));
  });

  router.get('/api/check-in/:kind/:id', async (req, res) => {
    const userId = requireUserId(req);
    const { kind, row } = await listingOf(knex, req);
    if (!hasDoor(kind, row)) throw notFound(M.noDoor(kind));
    const role = await hostRoleOf(knex, kind, row, userId);
    if (!role) throw forbidden(M.notHost);
    const attendees = await doorAttendees(knex, kind, row.id);
    const board: CheckInBoard = {
      listing: { kind, id: row.id, title: row.title, path: listingPathOf(kind, row), startsAt: new Date(row.start_date).toISOString() },
      role,
      publicKey: keys.publicKey,
      counts: countsOfAttendees(attendees),
      attendees,
    };
    res.json(ok(board));
  });
  return router;
}
