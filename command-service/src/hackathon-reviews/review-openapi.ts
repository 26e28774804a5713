import { z } from 'zod';
import type { ApiRegistration } from '@circuit/shared/http/openapi/contract';
import { ReviewWrittenSchema } from '@circuit/shared/api/hackathon-reviews';
import { ReviewBodySchema, ReviewMessages as M } from '@circuit/shared/validation/hackathon-reviews';
import { HackathonMessages } from '@circuit/shared/validation/hackathons';

const tag = 'Hackathon reviews';
const HackathonRef = z.object({ id: z.string().meta({ description: 'The hackathon id, or its username' }) });
const BAD_BODY = `${M.ratingRange}; ${M.commentMax}`;
const NOT_PUBLIC = `${HackathonMessages.notAvailable}: the hackathon is not public`;

/** review-routes.ts */
export const reviewOpenApi: ApiRegistration = (api) => {
  api.tag(
    tag,
    'One review per user and hackathon: a rating from 1 to 5 (5 when left out) and an optional plain-text comment of at most 1000 characters. ' +
      'For a hackathon that takes registrations only registered participants may review; its creator may not. ' +
      '`averageRating` and `totalReviews` are counted from every stored review, exact however many arrive at once.',
  );
  api.route({
    method: 'post',
    path: '/api/hackathons/{id}/reviews',
    tag,
    summary: 'Review a hackathon',
    auth: 'session',
    params: HackathonRef,
    body: ReviewBodySchema,
    ok: { status: 201, data: ReviewWrittenSchema, message: M.submitted },
    errors: { 400: BAD_BODY, 403: `${M.notRegistered}; ${M.ownHackathon}; ${NOT_PUBLIC}`, 404: HackathonMessages.notFound, 409: M.alreadyReviewed },
  });
  api.route({
    method: 'put',
    path: '/api/hackathons/{id}/reviews',
    tag,
    summary: 'Edit your review',
    auth: 'session',
    params: HackathonRef,
    body: ReviewBodySchema,
    ok: { data: ReviewWrittenSchema, message: M.updated },
    errors: { 400: BAD_BODY, 403: NOT_PUBLIC, 404: `${M.notFound}; ${HackathonMessages.notFound}` },
  });
  api.route({
    method: 'delete',
    path: '/api/hackathons/{id}/reviews',
    tag,
    summary: 'Delete your review (you may write another later)',
    auth: 'session',
    params: HackathonRef,
    ok: { data: ReviewWrittenSchema, message: M.deleted },
    errors: { 403: NOT_PUBLIC, 404: `${M.notFound}; ${HackathonMessages.notFound}` },
  });
};
