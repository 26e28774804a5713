import type { Knex } from 'knex';
import type { EventStore } from '@circuit/shared/ports/event-store';
import type { Logger } from '@circuit/shared/logger';
import { ReadModelProgress } from '@circuit/shared/projections/progress';
import { ReadCache, type ReadCacheOptions } from '@circuit/shared/projections/read-cache';
import { routersInOrder } from '@circuit/shared/http/route-gate';
import { migrateReadModels } from './migrations';
import { registerProjectionLag } from './runner/projection-lag-metrics';
import type { Metrics } from '@circuit/shared/metrics/metrics';
import { ErasureRebuilds } from './erasure/erasure-rebuilds';
import { ProjectionRunner, type ProjectionRunnerOptions } from './runner/projection-runner';
import { allProjections } from './projections';
import { adminRoutes } from './admin/admin-routes';
import { Presence } from '@circuit/shared/presence/presence';
import { migrateMessagingReadModels } from './messaging/messaging-read-models';
import { messagingQueryRoutes } from './messaging/messaging-query-routes';
import { migrateSocialReadModels } from './social/migrations';
import { socialQueryRoutes } from './social/social-query-routes';
import { notificationQueryRoutes } from './notifications/notification-query-routes';
import { migrateSettingsReadModels } from './notification-settings/settings-projection';
import { settingsQueryRoutes } from './notification-settings/settings-query-routes';
import { migrateDataExportReadModels } from './data-export/data-export-projection';
import { dataExportQueryRoutes } from './data-export/data-export-query-routes';
import { migrateProjectsReadModels } from './projects/projects-migrations';
import { projectQueryRoutes } from './projects/project-query-routes';
import { profileQueryRoutes } from './profiles/profile-query-routes';
import { migrateSearchReadModels } from './search/search-migrations';
import { searchRoutes } from './search/search-routes';
import { migrateRegistrationsReadModels } from './hackathon-registrations/registrations-migrations';
import { registrationQueryRoutes } from './hackathon-registrations/registration-query-routes';
import { migrateHackathonsReadModels } from './hackathons/hackathons-migrations';
import { hackathonQueryRoutes } from './hackathons/hackathon-query-routes';
import { dashboardQueryRoutes } from './dashboard/dashboard-query-routes';
import { migrateReviewsReadModels } from './hackathon-reviews/reviews-migrations';
import { migrateReportQueueReadModels } from './admin/reports/reports-migrations';
import { reviewQueryRoutes } from './hackathon-reviews/review-query-routes';
import { migrateAnnouncementsReadModels } from './hackathon-announcements/announcements-migrations';
import { announcementQueryRoutes } from './hackathon-announcements/announcement-query-routes';
import { migrateHackathonProjectsReadModels } from './hackathon-projects/projects-migrations';
import { hackathonProjectQueryRoutes } from './hackathon-projects/project-query-routes';
import { migrateCommunityReadModels } from './community/community-migrations';
import { communityQueryRoutes } from './community/community-query-routes';
import { migrateEventsReadModels } from './events/events-migrations';
import { eventQueryRoutes } from './events/event-query-routes';
import { migrateQuizzesReadModels } from './quizzes/quizzes-migrations';
import { migrateScoringReadModels } from './hackathon-judging/scoring-migrations';
import { scoringQueryRoutes } from './hackathon-judging/scoring-query-routes';
import { migrateCertificateReadModels } from './certificates/certificate-migrations';
import { certificateQueryRoutes } from './certificates/certificate-query-routes';
import { quizQueryRoutes } from './quizzes/quiz-query-routes';
import { ogCardRoutes } from './og-cards/og-card-routes';
import { sitemapRoutes } from './sitemap/sitemap-routes';
import { loadConfig } from '@circuit/shared/config';
import { ticketKeysFrom, type TicketKeys } from '@circuit/shared/tickets/ticket-keys';
import { migrateCheckInReadModels } from './check-in/check-in-migrations';
import { checkInQueryRoutes } from './check-in/check-in-query-routes';

export interface ProjectionServiceDeps {
  knex: Knex;
  store: EventStore;
  log: Logger;
  /** Given when a command service shares this process (embedded mode): progress is reported directly. */
  progress?: ReadModelProgress;
  runner?: ProjectionRunnerOptions;
  /** The clock of queries that depend on the date (a listing's phase); tests move it. */
  now?: () => Date;
  /** The answers cache of the busiest queries (config READ_CACHE). */
  readCache?: Pick<ReadCacheOptions, 'enabled'>;
  /** The web app's public URL (config PUBLIC_URL): given, /robots.txt and /sitemap.xml are answered with addresses on it. */
  publicUrl?: string;
  /** The key that signs tickets (config TICKET_SIGNING_KEY); default: from this process's configuration. */
  tickets?: TicketKeys;
  /** The process's Prometheus metrics: each projection's lag is added to them. */
  metrics?: Metrics;
}

/** Every read-model table, as the projections and queries expect them. */
export async function migrateAllReadModels(knex: Knex): Promise<void> {
  await migrateReadModels(knex);
  await migrateProjectsReadModels(knex);
  await migrateSearchReadModels(knex);
  await migrateSocialReadModels(knex);
  await migrateMessagingReadModels(knex);
  await migrateRegistrationsReadModels(knex);
  await migrateHackathonsReadModels(knex);
  await migrateReviewsReadModels(knex);
  await migrateReportQueueReadModels(knex);
  await migrateAnnouncementsReadModels(knex);
  await migrateHackathonProjectsReadModels(knex);
  await migrateCommunityReadModels(knex);
  await migrateEventsReadModels(knex);
  await migrateQuizzesReadModels(knex);
  await migrateScoringReadModels(knex);
  await migrateSettingsReadModels(knex);
  await migrateDataExportReadModels(knex);
  await migrateCertificateReadModels(knex);
  await migrateCheckInReadModels(knex);
}

/** The read side: projection workers and the GET /api query endpoints. */
export async function createProjectionService(deps: ProjectionServiceDeps) {
  await migrateAllReadModels(deps.knex);
  const presence = await Presence.create(deps.knex);
  // Answers are keyed by the checkpoints they were built from: read from this runner when it is the only one, else from the table.
  const clock = deps.now;
  const cache = new ReadCache(deps.progress ?? new ReadModelProgress(deps.knex), { ...deps.readCache, now: clock ? () => clock().getTime() : undefined });
  const runner = new ProjectionRunner(deps.knex, deps.store, allProjections, deps.progress, deps.log, { ...deps.runner, onSwapped: () => cache.clear() });
  if (deps.metrics) registerProjectionLag(deps.metrics, deps.store, runner, allProjections.map((p) => p.name));
  const erasureRebuilds = new ErasureRebuilds({ knex: deps.knex, store: deps.store, runner, log: deps.log });
  // The busiest reads first (listings, search, profiles); a request enters only the routers whose paths it could take.
  const router = routersInOrder([
    hackathonQueryRoutes(deps.knex, cache, deps.now),
    eventQueryRoutes(deps.knex, cache, deps.now),
    searchRoutes(deps.knex, cache),
    profileQueryRoutes(deps.knex, cache),
    registrationQueryRoutes(deps.knex),
    adminRoutes(deps.knex, { now: deps.now, store: deps.store }),
    projectQueryRoutes(deps.knex),
    socialQueryRoutes(deps.knex),
    notificationQueryRoutes(deps.knex),
    settingsQueryRoutes(deps.knex),
    dataExportQueryRoutes(deps.knex, deps.now),
    messagingQueryRoutes(deps.knex, presence),
    // After the listing's fixed paths (/api/hackathons/username/{username} is not a hackathon called "username").
    reviewQueryRoutes(deps.knex, cache),
    announcementQueryRoutes(deps.knex, cache),
    hackathonProjectQueryRoutes(deps.knex, cache, deps.now),
    scoringQueryRoutes(deps.knex, deps.store),
    certificateQueryRoutes(deps.knex, deps.store, { publicUrl: deps.publicUrl }),
    communityQueryRoutes(deps.knex),
    quizQueryRoutes(deps.knex, cache, deps.now),
    dashboardQueryRoutes(deps.knex),
    checkInQueryRoutes(deps.knex, deps.tickets ?? ticketKeysFrom(loadConfig())),
    // Link-preview images under /og/, outside /api: crawlers fetch them where the page head points.
    ogCardRoutes(deps.knex),
    ...(deps.publicUrl ? [sitemapRoutes(deps.knex, { publicUrl: deps.publicUrl })] : []),
  ]);
  return {
    router,
    runner,
    erasureRebuilds,
    async start() {
      await runner.start();
      await erasureRebuilds.start();
    },
    async stop() {
      await erasureRebuilds.stop();
      await runner.stop();
    },
  };
}
export type ProjectionService = Awaited<ReturnType<typeof createProjectionService>>;
