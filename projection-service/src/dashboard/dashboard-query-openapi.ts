import type { ApiRegistration } from '@circuit/shared/http/openapi/contract';
import { MyListingCountsSchema } from '@circuit/shared/api/dashboard';

/** dashboard-query-routes.ts */
export const dashboardQueryOpenApi: ApiRegistration = (api) => {
  api.route({
    method: 'get',
    path: '/api/dashboard/counts',
    tag: 'Dashboard',
    summary: 'How many hackathons, events and quizzes you created, in every status (the organiser dashboard’s tab counts)',
    auth: 'session',
    ok: { data: MyListingCountsSchema },
  });
};
