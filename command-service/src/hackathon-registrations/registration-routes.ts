import { Router, type Request, type Response } from 'express';
import { ok } from '@circuit/shared/http/envelope';
import { notFound } from '@circuit/shared/commands/domain-errors';
import { requireUserId } from '@circuit/shared/http/auth';
import { correlationIdOf } from '@circuit/shared/http/correlation';
import { VerifyPaymentBodySchema } from '@circuit/shared/api/payments';
import type { TeamSubmitted } from '@circuit/shared/api/hackathons';
import { RegisterBodySchema, RemoveMemberBodySchema, TeamCodeBodySchema, TeamNameBodySchema } from '@circuit/shared/validation/hackathon-teams';
import type { Currency } from '@circuit/shared/hackathons/options';
import { COMMUNITY_TOPIC, type CommunityChange } from '@circuit/shared/events/community';
import type { CommandServiceDeps } from '../context';
import { answerAccepted } from '../http/accepted';
import { readModelsBehind } from '../http/read-your-writes';
import { RosterMessages as M } from './roster-decider';
import type { RegistrationService } from './registration-service';

const ctxOf = (req: Request) => ({ userId: req.session.userId, correlationId: correlationIdOf(req) });
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function teamIdOf(req: Request): string {
  const id = String(req.params.teamId ?? '');
  if (!UUID.test(id)) throw notFound(M.teamNotFound);
  return id.toLowerCase();
}

const param = (req: Request) => String(req.params.id ?? '');

/** An unregistered user's open chat sockets leave the hackathon's community room (unless they moderate it). */
async function leftCommunity(deps: CommandServiceDeps, hackathonId: string, userId: string) {
  try {
    await deps.bus.publish(COMMUNITY_TOPIC, { kind: 'recheck', hackathonId, userId } satisfies CommunityChange);
  } catch (err) {
    deps.log.error({ err, hackathonId }, 'community recheck not announced');
  }
}

/** The registration and team writes of spec 2 section 7 (the GETs are in the projection service). */
export function registrationRoutes(deps: CommandServiceDeps, registrations: RegistrationService): Router {
  const router = Router();

  async function answerTeam(res: Response, teamId: string, message: string, status = 200) {
    if (readModelsBehind()) return answerAccepted(res, { id: teamId, _id: teamId }, message, undefined);
    const team = await deps.queries.hackathonTeam(teamId);
    if (!team) throw notFound(M.teamNotFound);
    res.status(status).json(ok({ team }, message));
  }

  router.post('/api/hackathons/:id/register', async (req, res) => {
    const userId = requireUserId(req);
    const { profile: nested, ...flat } = RegisterBodySchema.parse(req.body ?? {});
    const hackathonId = await registrations.register(userId, param(req), { ...flat, ...nested }, ctxOf(req));
    if (readModelsBehind()) return answerAccepted(res, { id: hackathonId }, M.registered);
    res.status(201).json(ok(await deps.queries.hackathonRegistrationStatus(hackathonId, userId), M.registered));
  });

  router.delete('/api/hackathons/:id/register', async (req, res) => {
    const userId = requireUserId(req);
    const hackathonId = await registrations.unregister(userId, param(req), ctxOf(req));
    await leftCommunity(deps, hackathonId, userId);
    if (readModelsBehind()) return answerAccepted(res, { id: hackathonId }, M.unregistered);
    res.json(ok(await deps.queries.hackathonRegistrationStatus(hackathonId, userId), M.unregistered));
  });

  router.post('/api/hackathons/:id/teams', async (req, res) => {
    const userId = requireUserId(req);
    const { name } = TeamNameBodySchema.parse(req.body ?? {});
    const teamId = await registrations.createTeam(userId, param(req), name, ctxOf(req));
    await answerTeam(res, teamId, M.teamCreated, 201);
  });

  router.post('/api/hackathons/:id/teams/join', async (req, res) => {
    const userId = requireUserId(req);
    const { code } = TeamCodeBodySchema.parse(req.body ?? {});
    const teamId = await registrations.joinTeam(userId, param(req), code, ctxOf(req));
    await answerTeam(res, teamId, M.teamJoined);
  });

  router.post('/api/hackathons/:id/teams/:teamId/remove', async (req, res) => {
    const userId = requireUserId(req);
    const teamId = teamIdOf(req);
    const { memberId } = RemoveMemberBodySchema.parse(req.body ?? {});
    await registrations.removeMember(userId, param(req), teamId, memberId, ctxOf(req));
    await answerTeam(res, teamId, M.memberRemoved);
  });

  router.post('/api/hackathons/:id/teams/:teamId/delete', async (req, res) => {
    const userId = requireUserId(req);
    const teamId = teamIdOf(req);
    await registrations.deleteTeam(userId, param(req), teamId, ctxOf(req));
    if (readModelsBehind()) return answerAccepted(res, { id: teamId, _id: teamId }, M.teamDeleted);
    res.json(ok({ _id: teamId, id: teamId }, M.teamDeleted));
  });

  router.post('/api/hackathons/:id/teams/:teamId/submit', async (req, res) => {
    const userId = requireUserId(req);
    const teamId = teamIdOf(req);
    const submitted = await registrations.submitTeam(userId, param(req), teamId, ctxOf(req));
    const message = submitted.requiresPayment ? M.submittedPaymentRequired : M.submittedComplete;
    if (readModelsBehind()) return answerAccepted(res, { id: teamId, _id: teamId }, message);
    const team = await deps.queries.hackathonTeam(teamId);
    if (!team) throw notFound(M.teamNotFound);
    const data: TeamSubmitted = submitted.requiresPayment
      ? { requiresPayment: true, amount: submitted.amount, currency: submitted.currency as Currency, team }
      : { requiresPayment: false, team };
    res.json(ok(data, message));
  });

  router.post('/api/hackathons/:id/create-payment-order', async (req, res) => {
    const userId = requireUserId(req);
    const order = await registrations.createPaymentOrder(userId, param(req));
    res.json(ok(order, M.orderCreated));
  });

  router.post('/api/hackathons/:id/verify-payment', async (req, res) => {
    const userId = requireUserId(req);
    const body = VerifyPaymentBodySchema.parse(req.body ?? {});
    const hackathonId = await registrations.verifyPayment(userId, param(req), body, ctxOf(req));
    if (readModelsBehind()) return answerAccepted(res, { id: hackathonId }, M.paymentComplete);
    res.json(ok(await deps.queries.hackathonTeamStatus(hackathonId, userId), M.paymentComplete));
  });

  return router;
}
