import { z } from 'zod';
import type { ApiRegistration } from '@circuit/shared/http/openapi/contract';
import { AdminParticipantListingSchema, AdminParticipantSchema } from '@circuit/shared/api/admin-participants';
import { ListParams, listOk } from '../admin-openapi';
import { NOT_YOUR_LISTING } from './participants-admin-routes';

const tag = 'Admin (ra-data-simple-rest)';
const ACCESS = {
  401: 'Not signed in (or the account is gone)',
  403: 'Neither a moderator or admin nor the creator of any listing, or deactivated',
};

export const participantsAdminOpenApi: ApiRegistration = (api) => {
  api.route({
    method: 'get',
    path: '/api/admin/participant-listings',
    tag,
    summary: 'The hackathons, events and quizzes whose participants the caller may see (all for staff, their own for an organiser)',
    description: 'Sortable by title, participants, kind. Filters: `kind` (hackathon, event or quiz), `q` (in the title).',
    auth: 'session',
    query: ListParams,
    ok: listOk(AdminParticipantListingSchema, '`participant-listings 0-24/31`'),
    errors: { 400: 'A parameter is not the JSON the dialect expects, or names an unknown field or filter', ...ACCESS },
  });
  api.route({
    method: 'get',
    path: '/api/admin/participants',
    tag,
    summary: 'The registered users of one listing',
    description: 'Filters (both required): `kind` (hackathon, event or quiz) and `listingId`. Sortable by registeredAt, name, email, username, paymentStatus; a quiz also by score, timeTaken, completedAt (those not yet submitted last). A quiz\'s rows carry its results (score, timeTaken, completedAt), null until the attempt is submitted.',
    auth: 'session',
    query: ListParams,
    ok: listOk(AdminParticipantSchema, '`participants 0-24/120`'),
    errors: { 400: 'No listing picked, a quiz result as the sort of another kind, or a parameter is not the JSON the dialect expects', 401: ACCESS[401], 403: `${ACCESS[403]}; or "${NOT_YOUR_LISTING}"`, 404: 'No such listing' },
  });
};
