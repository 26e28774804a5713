import type { ApiRegistration } from '@circuit/shared/http/openapi/contract';
import { authOpenApi } from './accounts/auth-openapi';
import { profileOpenApi } from './profiles/profile-openapi';
import { projectOpenApi } from './projects/project-openapi';
import { messagingOpenApi } from './messaging/messaging-openapi';
import { socialOpenApi } from './social/social-openapi';
import { notificationOpenApi } from './notifications/notification-openapi';
import { imageUploadOpenApi } from './uploads/image-upload-routes';
import { paymentOpenApi } from './payments/payment-openapi';
import { hackathonOpenApi } from './hackathons/hackathon-openapi';
import { standingOpenApi } from './user-standing/standing-openapi';
import { reportReviewOpenApi } from './report-review/report-review-openapi';
import { registrationOpenApi } from './hackathon-registrations/registration-openapi';
import { reviewOpenApi } from './hackathon-reviews/review-openapi';
import { announcementOpenApi } from './hackathon-announcements/announcement-openapi';
import { communityOpenApi } from './community/community-openapi';
import { eventOpenApi } from './events/event-openapi';
import { quizOpenApi } from './quizzes/quiz-openapi';
import { communityAdminOpenApi } from './community-admin/community-admin-openapi';
import { judgingOpenApi } from './hackathon-judging/judging-openapi';
import { scoringOpenApi } from './hackathon-judging/scoring-openapi';
import { certificateOpenApi } from './certificates/certificate-openapi';
import { projectSubmissionOpenApi } from './hackathon-projects/project-submission-openapi';
import { settingsOpenApi } from './notification-settings/settings-openapi';
import { projectReactionOpenApi } from './hackathon-projects/project-reaction-openapi';
import { checkInOpenApi } from './check-in/check-in-openapi';
import { dataExportOpenApi } from './data-export/export-openapi';

/** The command service's part of the contract: one registration per feature, beside its routes. */
export const commandServiceOpenApi: ApiRegistration[] = [
  authOpenApi,
  profileOpenApi,
  projectOpenApi,
  socialOpenApi,
  messagingOpenApi,
  notificationOpenApi,
  imageUploadOpenApi,
  registrationOpenApi,
  paymentOpenApi,
  hackathonOpenApi,
  standingOpenApi,
  reportReviewOpenApi,
  reviewOpenApi,
  announcementOpenApi,
  communityOpenApi,
  eventOpenApi,
  quizOpenApi,
  communityAdminOpenApi,
  judgingOpenApi,
  scoringOpenApi,
  projectSubmissionOpenApi,
  settingsOpenApi,
  projectReactionOpenApi,
  certificateOpenApi,
  dataExportOpenApi,
  checkInOpenApi,
];
