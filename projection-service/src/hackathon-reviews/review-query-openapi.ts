import { z } from 'zod';
import type { ApiRegistration } from '@circuit/shared/http/openapi/contract';
import { ReviewPageSchema } from '@circuit/shared/api/hackathon-reviews';
import { ReviewListQuerySchema } from '@circuit/shared/validation/hackathon-reviews';
import { HackathonMessages as M } from '@circuit/shared/validation/hackathons';

const tag = 'Hackathon reviews';

/** review-query-routes.ts */
export const reviewQueryOpenApi: ApiRegistration = (api) => {
  api.route({
    method: 'get',
    path: '/api/hackathons/{id}/reviews',
    tag,
    summary: 'A page of a hackathon’s reviews (10 by default, newest first), its exact average and count, and your own review',
    auth: 'optional',
    params: z.object({ id: z.string().meta({ description: 'The hackathon id, or its username' }) }),
    query: ReviewListQuerySchema,
    ok: { data: ReviewPageSchema },
    errors: { 400: 'page or limit out of range', 403: `${M.notAvailable}: not accepted, and you are not its creator, an admin or a moderator`, 404: M.notFound },
  });
};
