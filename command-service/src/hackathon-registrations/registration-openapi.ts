import { z } from 'zod';
import type { ApiRegistration } from '@circuit/shared/http/openapi/contract';
import { RegistrationStatusSchema, TeamSchema, TeamStatusSchema, TeamSubmittedSchema } from '@circuit/shared/api/hackathons';
import { PaymentOrderSchema, VerifyPaymentBodySchema } from '@circuit/shared/api/payments';
import { RegisterBodySchema, RemoveMemberBodySchema, TeamCodeBodySchema, TeamNameBodySchema } from '@circuit/shared/validation/hackathon-teams';
import { RosterMessages as M } from './roster-decider';

const tag = 'Hackathon registrations';
const HackathonId = z.object({ id: z.string().meta({ description: 'The hackathon id (or its username)' }) });
const TeamPath = HackathonId.extend({ teamId: z.string().meta({ description: 'The team id' }) });
const TeamAnswer = z.strictObject({ team: TeamSchema });
const DeletedTeam = z.strictObject({ _id: z.string(), id: z.string() });
const NOT_OPEN = `'${M.notOpen}', '${M.deadlinePassed}' (by the server's clock)`;

/** registration-routes.ts */
export const registrationOpenApi: ApiRegistration = (api) => {
  api.tag(tag, [
    'Registrations and teams of one hackathon are decided on one stream per hackathon, so `maxParticipants` is never exceeded and a user is in at most one team, however many requests arrive at once.',
    'Only accepted hackathons whose organiser ticked the registration agreement take registrations, until the registration deadline. Team flow: register, create a team (a 6-character code) or join one by code, the creator submits when the member count is within `teamSettings`; a free hackathon completes at submit, a paid one answers `requiresPayment` and the creator pays through create-payment-order and verify-payment.',
  ]);
  api.route({
    method: 'post',
    path: '/api/hackathons/{id}/register',
    tag,
    summary: 'Register for a hackathon; profile fields given also update your profile',
    auth: 'session',
    params: HackathonId,
    body: RegisterBodySchema,
    ok: { status: 201, data: RegistrationStatusSchema, message: M.registered },
    errors: { 400: 'A profile field is too long', 404: 'Hackathon not found', 409: `${NOT_OPEN}, '${M.full}', '${M.alreadyRegistered}'` },
  });
  api.route({
    method: 'delete',
    path: '/api/hackathons/{id}/register',
    tag,
    summary: 'Unregister (leaving your team); not once your team’s registration is complete',
    auth: 'session',
    params: HackathonId,
    ok: { data: RegistrationStatusSchema, message: M.unregistered },
    errors: { 404: 'Hackathon not found', 409: `'${M.notRegistered}', '${M.unregisterComplete}', '${M.unregisterCreator}'` },
  });
  api.route({
    method: 'post',
    path: '/api/hackathons/{id}/teams',
    tag,
    summary: 'Create a team (you become its creator and first member)',
    auth: 'session',
    params: HackathonId,
    body: TeamNameBodySchema,
    ok: { status: 201, data: TeamAnswer, message: M.teamCreated },
    errors: { 400: 'Team name missing or too long', 403: M.registerFirst, 404: 'Hackathon not found', 409: `'${M.alreadyInTeam}', ${NOT_OPEN}` },
  });
  api.route({
    method: 'post',
    path: '/api/hackathons/{id}/teams/join',
    tag,
    summary: 'Join a team by its code',
    auth: 'session',
    params: HackathonId,
    body: TeamCodeBodySchema,
    ok: { data: TeamAnswer, message: M.teamJoined },
    errors: { 400: 'Team code missing', 403: M.registerFirst, 404: `'${M.invalidCode}' or 'Hackathon not found'`, 409: `'${M.alreadyInTeam}', '${M.teamFull}', '${M.teamSubmitted}', '${M.teamComplete}', ${NOT_OPEN}` },
  });
  api.route({
    method: 'post',
    path: '/api/hackathons/{id}/teams/{teamId}/remove',
    tag,
    summary: 'Remove a member from your team (creator only, not yourself, before completion)',
    auth: 'session',
    params: TeamPath,
    body: RemoveMemberBodySchema,
    ok: { data: TeamAnswer, message: M.memberRemoved },
    errors: { 400: M.removeSelf, 403: M.onlyCreatorRemove, 404: `'${M.teamNotFound}' or '${M.notAMember}'`, 409: M.teamComplete },
  });
  api.route({
    method: 'post',
    path: '/api/hackathons/{id}/teams/{teamId}/delete',
    tag,
    summary: 'Delete your team (creator only, before completion); its members stay registered',
    auth: 'session',
    params: TeamPath,
    ok: { data: DeletedTeam, message: M.teamDeleted },
    errors: { 403: M.onlyCreatorDelete, 404: M.teamNotFound, 409: M.teamComplete },
  });
  api.route({
    method: 'post',
    path: '/api/hackathons/{id}/teams/{teamId}/submit',
    tag,
    summary: 'Submit your team: complete for a free hackathon, payment required (amount in major units) for a paid one',
    auth: 'session',
    params: TeamPath,
    ok: { data: TeamSubmittedSchema, message: `'${M.submittedComplete}' or '${M.submittedPaymentRequired}'` },
    errors: { 400: 'Member count outside teamSettings', 403: M.onlyCreatorSubmit, 404: M.teamNotFound, 409: M.teamComplete },
  });
  api.route({
    method: 'post',
    path: '/api/hackathons/{id}/create-payment-order',
    tag,
    summary: "An order for your team's fee (creator only, team in payment_required); amount in minor units",
    auth: 'session',
    params: HackathonId,
    ok: { data: PaymentOrderSchema, message: M.orderCreated },
    errors: { 403: `'${M.onlyCreatorPay}' or '${M.registerFirst}'`, 404: `'${M.notInTeam}' or 'Hackathon not found'`, 409: `'${M.noPaymentDue}' or '${M.teamComplete}'` },
  });
  api.route({
    method: 'post',
    path: '/api/hackathons/{id}/verify-payment',
    tag,
    summary: "Verify the checkout's signature; completes the team's registration (once, however often repeated)",
    auth: 'session',
    params: HackathonId,
    body: VerifyPaymentBodySchema,
    ok: { data: TeamStatusSchema, message: M.paymentComplete },
    errors: { 400: `'${M.paymentFailed}' (bad signature, or an order of another purpose)`, 403: "Somebody else's order", 404: 'Hackathon or order not found' },
  });
};
