import type { ApiRegistration } from '@circuit/shared/http/openapi/contract';
import { adminOpenApi } from './admin/admin-openapi';
import { moderationOpenApi } from './admin/moderation/moderation-openapi';
import { reportsOpenApi } from './admin/reports/reports-openapi';
import { communitiesAdminOpenApi } from './admin/communities/communities-openapi';
import { participantsAdminOpenApi } from './admin/participants/participants-openapi';
import { auditOpenApi } from './admin/audit/audit-openapi';
import { judgingAuditOpenApi } from './admin/audit/judging-audit-openapi';
import { searchOpenApi } from './search/search-openapi';
import { projectQueryOpenApi } from './projects/project-query-openapi';
import { profileQueryOpenApi } from './profiles/profile-query-openapi';
import { socialQueryOpenApi } from './social/social-query-openapi';
import { notificationQueryOpenApi } from './notifications/notification-query-openapi';
import { settingsQueryOpenApi } from './notification-settings/settings-query-openapi';
import { dataExportQueryOpenApi } from './data-export/data-export-query-openapi';
import { messagingQueryOpenApi } from './messaging/messaging-query-openapi';
import { registrationQueryOpenApi } from './hackathon-registrations/registration-query-openapi';
import { hackathonQueryOpenApi } from './hackathons/hackathon-query-openapi';
import { reviewQueryOpenApi } from './hackathon-reviews/review-query-openapi';
import { announcementQueryOpenApi } from './hackathon-announcements/announcement-query-openapi';
import { hackathonProjectQueryOpenApi } from './hackathon-projects/project-query-openapi';
import { communityQueryOpenApi } from './community/community-query-openapi';
import { eventQueryOpenApi } from './events/event-query-openapi';
import { quizQueryOpenApi } from './quizzes/quiz-query-openapi';
import { dashboardQueryOpenApi } from './dashboard/dashboard-query-openapi';
import { scoringQueryOpenApi } from './hackathon-judging/scoring-query-openapi';
import { certificateQueryOpenApi } from './certificates/certificate-query-openapi';
import { checkInQueryOpenApi } from './check-in/check-in-query-openapi';

/** The projection service's part of the contract (the GET /api queries): one registration per feature. */
export const projectionServiceOpenApi: ApiRegistration[] = [
  profileQueryOpenApi,
  projectQueryOpenApi,
  searchOpenApi,
  socialQueryOpenApi,
  notificationQueryOpenApi,
  settingsQueryOpenApi,
  dataExportQueryOpenApi,
  messagingQueryOpenApi,
  registrationQueryOpenApi,
  hackathonQueryOpenApi,
  reviewQueryOpenApi,
  announcementQueryOpenApi,
  hackathonProjectQueryOpenApi,
  communityQueryOpenApi,
  eventQueryOpenApi,
  quizQueryOpenApi,
  dashboardQueryOpenApi,
  scoringQueryOpenApi,
  checkInQueryOpenApi,
  adminOpenApi,
  moderationOpenApi,
  reportsOpenApi,
  auditOpenApi,
  judgingAuditOpenApi,
  communitiesAdminOpenApi,
  participantsAdminOpenApi,
  certificateQueryOpenApi,
];
