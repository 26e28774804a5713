import path from 'node:path';
import { Router } from 'express';
import { adminGuardWith } from '@circuit/shared/admin/access';
import { runAsLeader } from '@circuit/shared/process/leadership';
import { orphanUploadSweeper } from './uploads/orphan-sweeper';
import { migrateUploadUses, UploadUses } from './uploads/upload-uses';
import { LocalFileStore } from '@circuit/shared/adapters/file-store/local-file-store';
import { SharedFeed } from '@circuit/shared/adapters/event-store/shared-feed';
import { followFreshness } from '@circuit/shared/commands/fresh-states';
import type { Mailbox } from '@circuit/shared/ports/mailer';
import type { SubjectKeys } from '@circuit/shared/personal-data/subject-keys';
import type { CommandServiceDeps } from './context';
import { createAccountService } from './accounts/account-service';
import { staffDirectory } from './accounts/actors';
import { authRoutes } from './accounts/auth-routes';
import { createAbuseLimits, limitsFromConfig } from './http/rate-limits';
import { createLimiterStore } from './http/limiter-store';
import { oauthRoutes } from './accounts/oauth-routes';
import { AccountMailProcessManager } from './mail/account-mail-process-manager';
import { migrateProcessManagers } from './process-managers/checkpoints';
import { devMailboxRoutes } from './dev-mailbox-routes';
import { createProfileService } from './profiles/profile-service';
import { profileRoutes } from './profiles/profile-routes';
import { createProjectService } from './projects/project-service';
import { projectRoutes } from './projects/project-routes';
import { createPaymentService } from './payments/payment-service';
import { createHackathonService } from './hackathons/hackathon-service';
import { hackathonRoutes } from './hackathons/hackathon-routes';
import { HackathonReviewNotifier } from './hackathons/hackathon-review-notifier';
import { paymentRoutes } from './payments/payment-routes';
import { selectPaymentGateway } from '@circuit/shared/adapters/payments/select';
import type { PaymentGateway } from '@circuit/shared/ports/payments';
import { IMAGE_UPLOAD_PATH, imageUploadRoutes } from './uploads/image-upload-routes';
import { uploadsRoutes } from './uploads/uploads-routes';
import { socialRoutes } from './social/social-routes';
import { createSocialService } from './social/social-service';
import { NotificationsProcessManager } from './notifications/notifications-process-manager';
import { notificationRoutes } from './notifications/notification-routes';
import { createMessagingService } from './messaging/messaging-service';
import { messagingRoutes } from './messaging/messaging-routes';
import { startChatSendConsumer } from './messaging/chat-send-consumer';
import { idempotencyKeys, idempotencyKeySweeper, migrateIdempotencyKeys } from './http/idempotency';
import { trackReadYourWrites } from './http/read-your-writes';
import { routersInOrder } from '@circuit/shared/http/route-gate';
import { UserRateLimiter } from '@circuit/shared/http/user-rate-limit';
import { userRateRules, userWriteLimits } from './http/user-write-limits';
import { multipartOnlyOn, ONE_CLICK_UNSUBSCRIBE } from '@circuit/shared/http/app';
import { createRegistrationService } from './hackathon-registrations/registration-service';
import { registrationRoutes } from './hackathon-registrations/registration-routes';
import type { TeamPayments } from './hackathon-registrations/team-payments';
import { createReviewService } from './hackathon-reviews/review-service';
import { reviewRoutes } from './hackathon-reviews/review-routes';
import { createAnnouncementService } from './hackathon-announcements/announcement-service';
import { announcementRoutes } from './hackathon-announcements/announcement-routes';
import { AnnouncementNotifier } from './hackathon-announcements/announcement-notifier';
import { createJudgingService } from './hackathon-judging/judging-service';
import { judgingRoutes } from './hackathon-judging/judging-routes';
import { createScoringService } from './hackathon-judging/scoring-service';
import { createVotingService } from './hackathon-judging/voting-service';
import { scoringRoutes } from './hackathon-judging/scoring-routes';
import { ResultsNotifier } from './hackathon-judging/results-notifier';
import { certificateRoutes } from './certificates/certificate-routes';
import { createCertificateService } from './certificates/certificate-service';
import { createProjectSubmissionService } from './hackathon-projects/project-submission-service';
import { projectSubmissionRoutes } from './hackathon-projects/project-submission-routes';
import { createProjectReactionService } from './hackathon-projects/project-reaction-service';
import { projectReactionRoutes } from './hackathon-projects/project-reaction-routes';
import { createCommunityService } from './community/community-service';
import { communityRoutes } from './community/community-routes';
import { communityAdminRoutes } from './community-admin/community-admin-routes';
import { createEventService } from './events/event-service';
import { eventRoutes } from './events/event-routes';
import { createEventRegistrationService } from './events/event-registration-service';
import { eventRegistrationRoutes } from './events/event-registration-routes';
import { DuplicatePaymentProcessManager } from './payments/duplicate-payment-process-manager';
import { PaymentDispatcher } from './payments/payment-dispatcher';
import { hackathonRoster } from './hackathon-registrations/roster-decider';
import { eventRoster } from './events/roster-decider';
import { quizRoster } from './quizzes/quiz-roster';
import { EventNotifier } from './events/event-notifier';
import { WaitlistTimer } from './events/waitlist-timer';
import { EventRosterDues, migrateEventRosterDues } from './events/roster-dues';
import { createQuizService } from './quizzes/quiz-service';
import { QUIZ_IMAGE_PATH, quizRoutes } from './quizzes/quiz-routes';
import { QuizNotifier } from './quizzes/quiz-notifier';
import { quizCloseManager } from './quizzes/quiz-close-manager';
import { migrateOpenQuizAttempts, OpenQuizAttempts } from './quizzes/open-attempts';
import { createStandingService } from './user-standing/standing-service';
import { standingRoutes } from './user-standing/standing-routes';
import { reportReviewRoutes } from './report-review/report-review-routes';
import { createSettingsService } from './notification-settings/settings-service';
import { settingsRoutes } from './notification-settings/settings-routes';
import { migrateReminders } from './reminders/reminder-tables';
import { ReminderSchedule } from './reminders/reminder-schedule';
import { ReminderTimer } from './reminders/reminder-timer';
import { ticketKeysFrom } from '@circuit/shared/tickets/ticket-keys';
import { createCheckInService } from './check-in/check-in-service';
import { checkInRoutes } from './check-in/check-in-routes';
import { TicketMailer } from './check-in/ticket-mail';
import { DataExportBuilder } from './data-export/export-builder';
import { dataExportRoutes } from './data-export/export-routes';
import { createDataExportService } from './data-export/export-service';
import { dataExportSweeper } from './data-export/export-sweeper';
import { createErasureService } from './erasure/erasure-service';
import { erasureRoutes } from './erasure/erasure-routes';
import { ErasureProcessManager } from './erasure/erasure-process-manager';
import { migrateErasureTables } from './erasure/erasure-tables';
import { UnverifiedSignUpEraser } from './erasure/unverified-sign-ups';
import { MeteredMailer } from '@circuit/shared/metrics/metered-mailer';
import { registerBusLag } from '@circuit/shared/metrics/bus-lag-metrics';
import { onCommandHandled } from '@circuit/shared/commands/command-outcomes';
import { registerReminderBacklog } from './reminders/reminder-metrics';
import { CHAT_SEND_GROUP } from './messaging/chat-send-consumer';
import { ChatTopics } from '@circuit/shared/events/messaging';

/** A process manager or consumer that runs beside the routes. */
interface Worker {
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** The write side: every POST/PUT/PATCH/DELETE of /api, /api/auth/*, and the process managers. */
export async function createCommandService(
  deps: CommandServiceDeps & {
    mailbox?: Mailbox;
    /** The people's data keys of the event store's crypto-shredding (docs/personal-data.md): erasure destroys one. */
    keys: SubjectKeys;
    /** Default: Razorpay when configured, else the sandbox (selectPaymentGateway). */
    paymentGateway?: PaymentGateway | null;
    /** Team registration's view of payments; default the payments service. Tests may pass a double. */
    teamPayments?: (deps: CommandServiceDeps) => TeamPayments;
  },
) {
  await migrateProcessManagers(deps.knex);
  await migrateIdempotencyKeys(deps.knex);
  await migrateOpenQuizAttempts(deps.knex);
  await migrateEventRosterDues(deps.knex);
  await migrateUploadUses(deps.knex);
  await migrateReminders(deps.knex);
  await migrateErasureTables(deps.knex);
  // Every feature's mail goes through deps.mailer: metered here, they all count.
  if (deps.metrics) deps = { ...deps, mailer: new MeteredMailer(deps.mailer, deps.metrics) };
  const accounts = createAccountService(deps);
  // Counters shared by every instance: in Redis when there is one, else in the database.
  const limiterStore = await createLimiterStore({ knex: deps.knex, redisUrl: deps.config.REDIS_URL, log: deps.log });
  const limits = createAbuseLimits(limiterStore, deps.rateLimits ?? limitsFromConfig(deps.config));
  const fileStore = deps.fileStore ?? new LocalFileStore(path.join(deps.config.DATA_DIR, 'uploads'));
  const exportStore = deps.exportStore ?? new LocalFileStore(path.join(deps.config.DATA_DIR, 'data-exports'));
  const profiles = createProfileService({ ...deps, fileStore });
  const projects = createProjectService(deps);
  // The process managers read the feed through one reader (the process's own, when it has one).
  const feed = deps.store instanceof SharedFeed ? deps.store : new SharedFeed(deps.store);
  // Facts the commands decide with (actors, standings, pairs) stay in memory while the feed shows
  // nothing new on their streams: in every instance, for the services' store and the managers' feed.
  const freshness = [...new Set([deps.store, feed])].map((store) => followFreshness(store, feed));
  for (const followed of freshness) await followed.start();
  const { metrics } = deps;
  if (metrics) {
    for (const store of new Set([deps.store, feed])) onCommandHandled(store, (command, outcome) => metrics.commands.inc({ command, outcome }));
    registerBusLag(metrics, deps.bus, [{ topic: ChatTopics.sendRequested, group: CHAT_SEND_GROUP }]);
    registerReminderBacklog(metrics, deps.knex, deps.now);
  }
  const mail = new AccountMailProcessManager(deps.knex, feed, deps.mailer, {
    secret: deps.config.sessionSecret,
    publicUrl: deps.config.publicUrl,
    log: deps.log,
    now: deps.now,
  });
  const messaging = createMessagingService(deps);
  const notifications = new NotificationsProcessManager({ ...deps, store: feed });
  // Social actions answer once the notifications they cause the actor are readable too.
  const social = createSocialService(deps, { settled: (position, events) => notifications.settledForActor(position, events) });
  const payments = createPaymentService(deps, deps.paymentGateway === undefined ? selectPaymentGateway(deps.config) : deps.paymentGateway);
  const hackathons = createHackathonService(deps);
  const standing = createStandingService(deps);
  const community = createCommunityService(deps);
  const registrations = createRegistrationService(deps, deps.teamPayments?.(deps) ?? payments);
  const reviewNotifier = new HackathonReviewNotifier({ knex: deps.knex, store: feed, mailer: deps.mailer, bus: deps.bus, publicUrl: deps.config.publicUrl, log: deps.log, secret: deps.config.sessionSecret });
  const reviews = createReviewService(deps);
  const announcements = createAnnouncementService(deps);
  const announcementNotifier = new AnnouncementNotifier({ knex: deps.knex, store: feed, mailer: deps.mailer, bus: deps.bus, publicUrl: deps.config.publicUrl, log: deps.log, secret: deps.config.sessionSecret });
  const events = createEventService(deps);
  const eventRegistrations = createEventRegistrationService(deps, payments);
  const rosterDues = new EventRosterDues({ knex: deps.knex, store: feed, log: deps.log, registrations: eventRegistrations, now: deps.now });
  const waitlistTimer = new WaitlistTimer({ knex: deps.knex, store: deps.store, log: deps.log, registrations: eventRegistrations, dues: rosterDues, now: deps.now });
  const quizzes = createQuizService(deps, payments);
  const notificationSettings = createSettingsService(deps);
  const reminderSchedule = new ReminderSchedule({ knex: deps.knex, store: feed, log: deps.log });
  const reminderTimer = new ReminderTimer({ ...deps, secret: deps.config.sessionSecret, publicUrl: deps.config.publicUrl, schedule: reminderSchedule });
  const quizNotifier = new QuizNotifier({ knex: deps.knex, store: feed, mailer: deps.mailer, bus: deps.bus, publicUrl: deps.config.publicUrl, log: deps.log, secret: deps.config.sessionSecret });
  const tickets = ticketKeysFrom(deps.config);
  const erasure = createErasureService(deps, accounts);
  // Every payment purpose goes to its roster: the service that records it and the roster's definition.
  const paymentDispatcher = new PaymentDispatcher({
    knex: deps.knex,
    store: feed,
    log: deps.log,
    mailer: deps.mailer,
    publicUrl: deps.config.publicUrl,
    payments,
    rosters: {
      'hackathon-team': { roster: registrations, payments: hackathonRoster.payments },
      'event-registration': { roster: eventRegistrations, payments: eventRoster.payments },
      'quiz-registration': { roster: quizzes, payments: quizRoster.payments },
    },
  });
  let stopChatSends: (() => Promise<void>) | undefined;
  const workers: Worker[] = [
    mail,
    notifications,
    reviewNotifier,
    announcementNotifier,
    new ResultsNotifier({ knex: deps.knex, store: feed, log: deps.log }),
    paymentDispatcher,
    new DuplicatePaymentProcessManager({ knex: deps.knex, store: feed, log: deps.log, mailer: deps.mailer, publicUrl: deps.config.publicUrl, payments }),
    new EventNotifier({ knex: deps.knex, store: feed, mailer: deps.mailer, bus: deps.bus, publicUrl: deps.config.publicUrl, log: deps.log, secret: deps.config.sessionSecret }),
    rosterDues,
    waitlistTimer,
    quizNotifier,
    new TicketMailer({ knex: deps.knex, store: feed, mailer: deps.mailer, keys: tickets, publicUrl: deps.config.publicUrl, log: deps.log }),
    new OpenQuizAttempts({ knex: deps.knex, store: feed, log: deps.log }),
    quizCloseManager({ knex: deps.knex, quizzes, log: deps.log, now: deps.now }),
    new UploadUses({ knex: deps.knex, store: feed, log: deps.log }),
    orphanUploadSweeper({ knex: deps.knex, fileStore, log: deps.log, now: deps.now }),
    idempotencyKeySweeper({ knex: deps.knex, log: deps.log, now: deps.now }),
    new DataExportBuilder({ knex: deps.knex, store: feed, mailer: deps.mailer, queries: deps.queries, exportStore, publicUrl: deps.config.publicUrl, log: deps.log, now: deps.now }),
    dataExportSweeper({ exportStore, log: deps.log, now: deps.now }),
    reminderSchedule,
    reminderTimer,
    new ErasureProcessManager({ knex: deps.knex, store: feed, bus: deps.bus, log: deps.log, fileStore, keys: deps.keys }),
    new UnverifiedSignUpEraser({ knex: deps.knex, erasure, log: deps.log, now: deps.now }),
    {
      start: async () => {
        stopChatSends = await startChatSendConsumer(deps, messaging);
      },
      stop: async () => stopChatSends?.(),
    },
  ];

  let leadership: { stop(): Promise<void> } | undefined;

  // The same counters as the client ceiling: a request's counts and others' share a statement.
  const userLimits = new UserRateLimiter(limiterStore.counters, userRateRules(deps.config));
  const router = Router();
  router.use(limits.clientCeiling);
  // The only routes that read multipart; a form posted anywhere else is refused.
  router.use(multipartOnlyOn(['/api/users/profile-picture', '/api/users/projects/image', IMAGE_UPLOAD_PATH, QUIZ_IMAGE_PATH, ONE_CLICK_UNSUBSCRIBE]));
  router.use(userWriteLimits(userLimits));
  // Every admin write answers 403 to a role the policy does not name, before any validation.
  router.use('/api/admin', adminGuardWith(staffDirectory(deps.store, (userId) => deps.queries.isOrganiser(userId))));
  // Before every write route: a repeated Idempotency-Key answers the first answer and runs nothing.
  router.use(idempotencyKeys({ knex: deps.knex, secret: deps.config.sessionSecret, log: deps.log, now: deps.now, waitMs: deps.idempotencyWaitMs }));
  router.use(trackReadYourWrites);
  router.use('/api/auth', oauthRoutes(deps, accounts));
  router.use('/api/auth', authRoutes(deps, accounts, limits));
  // A request enters only the routers with a route for it (see routersInOrder).
  router.use(
    routersInOrder([
      profileRoutes(deps, profiles, fileStore),
      projectRoutes(deps, projects, fileStore),
      uploadsRoutes(fileStore),
      imageUploadRoutes(fileStore),
      messagingRoutes(deps, messaging),
      socialRoutes(social),
      notificationRoutes(deps),
      paymentRoutes(payments, deps.log),
      hackathonRoutes(hackathons),
      registrationRoutes(deps, registrations),
      reviewRoutes(deps.queries, reviews),
      announcementRoutes(deps.queries, announcements),
      judgingRoutes(createJudgingService(deps)),
      scoringRoutes(createScoringService(deps), createVotingService(deps)),
      projectSubmissionRoutes(createProjectSubmissionService(deps)),
      projectReactionRoutes(createProjectReactionService(deps)),
      communityRoutes(deps, community),
      communityAdminRoutes(deps, community),
      eventRoutes(events),
      eventRegistrationRoutes(deps.queries, eventRegistrations),
      quizRoutes(quizzes, fileStore),
      standingRoutes(standing),
      reportReviewRoutes(deps),
      settingsRoutes(notificationSettings),
      certificateRoutes(createCertificateService(deps)),
      checkInRoutes(createCheckInService(deps, tickets)),
      dataExportRoutes(createDataExportService(deps, exportStore)),
      erasureRoutes(accounts, erasure, limits),
    ]),
  );
  if (deps.mailbox && deps.config.NODE_ENV !== 'production') router.use('/dev', devMailboxRoutes(deps.mailbox));

  return {
    router,
    accounts,
    profiles,
    projects,
    social,
    messaging,
    registrations,
    payments,
    hackathons,
    reviews,
    announcements,
    community,
    events,
    eventRegistrations,
    waitlistTimer,
    quizzes,
    reminderTimer,
    reminderSchedule,
    erasure,
    /** The workers run in one command-service process at a time (see runAsLeader). */
    async start() {
      leadership = await runAsLeader(
        deps.knex,
        'command-service-workers',
        {
          start: async () => {
            for (const worker of workers) await worker.start();
          },
          stop: async () => {
            for (const worker of [...workers].reverse()) await worker.stop();
          },
        },
        deps.log,
      );
    },
    async stop() {
      await leadership?.stop();
      for (const followed of freshness) await followed.stop();
      await limiterStore.close();
    },
  };
}
export type CommandService = Awaited<ReturnType<typeof createCommandService>>;
