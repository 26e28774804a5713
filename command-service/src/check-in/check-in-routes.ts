import { Router, type Request } from 'express';
import { notFound } from '@circuit/shared/commands/domain-errors';
import { CheckInKindSchema, ScanBatchSchema } from '@circuit/shared/api/check-in';
import { CheckInMessages as M, CoHostBodySchema } from '@circuit/shared/check-in/messages';
import type { CheckInKind } from '@circuit/shared/events/check-in';
import { requireUserId } from '@circuit/shared/http/auth';
import { ok } from '@circuit/shared/http/envelope';
import { USERNAME_PATTERN } from '@circuit/shared/validation/hackathons';
import { ctxOf, listingIdOf } from '../listings/listing-routes';
import type { CheckInService } from './check-in-service';

const USER_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** The listing of `/:kind/:id`: a kind with co-hosts and a listing id; anything else is a listing that does not exist. */
function listingOf(req: Request): { kind: CheckInKind; id: string } {
  const kind = CheckInKindSchema.safeParse(req.params.kind);
  if (!kind.success) throw notFound(M.listingNotFound);
  return { kind: kind.data, id: listingIdOf(req, M.listingNotFound) };
}

function usernameOf(req: Request): string {
  const username = String(req.params.username ?? '');
  if (!USERNAME_PATTERN.test(username)) throw notFound(M.unknownUser);
  return username;
}

/**
 * The writes of co-hosts and check-in (docs/day-of.md). The co-host list and the check-in board are
 * reads, in the projection service; the scans' answer is the command side's own, from the check-in
 * stream, so a device can trust it without waiting for a read.
 */
export function checkInRoutes(service: CheckInService): Router {
  const router = Router();

  router.put('/api/listings/:kind/:id/co-hosts/:username', async (req, res) => {
    const userId = requireUserId(req);
    const { kind, id } = listingOf(req);
    const username = usernameOf(req);
    const { role } = CoHostBodySchema.parse(req.body ?? {});
    res.json(ok(await service.setCoHost(userId, kind, id, username, role, ctxOf(req)), M.coHostSaved));
  });

  router.delete('/api/listings/:kind/:id/co-hosts/:username', async (req, res) => {
    const userId = requireUserId(req);
    const { kind, id } = listingOf(req);
    res.json(ok(await service.removeCoHost(userId, kind, id, usernameOf(req), ctxOf(req)), M.coHostRemoved));
  });

  router.post('/api/check-in/:kind/:id/scans', async (req, res) => {
    const userId = requireUserId(req);
    const { kind, id } = listingOf(req);
    const { scans } = ScanBatchSchema.parse(req.body ?? {});
    res.json(ok(await service.scan(userId, kind, id, scans, ctxOf(req)), M.scansRecorded));
  });

  router.delete('/api/check-in/:kind/:id/attendees/:userId', async (req, res) => {
    const userId = requireUserId(req);
    const { kind, id } = listingOf(req);
    const attendeeId = String(req.params.userId ?? '');
    if (!USER_ID.test(attendeeId)) throw notFound(M.notCheckedIn);
    res.json(ok(await service.undo(userId, kind, id, attendeeId, ctxOf(req)), M.checkInUndone));
  });
  return router;
}
