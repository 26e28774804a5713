import type { Projection } from './runner/projection';
import { usersProjection } from './accounts/users-projection';
import { projectsProjection } from './projects/projects-projection';
import { socialProjection } from './social/social-projection';
import { notificationsProjection } from './notifications/notifications-projection';
import { messagingProjection } from './messaging/messaging-projection';
import { registrationsProjection } from './hackathon-registrations/registrations-projection';
import { hackathonsProjection } from './hackathons/hackathons-projection';
import { reviewsProjection } from './hackathon-reviews/reviews-projection';
import { announcementsProjection, sponsorsProjection } from './hackathon-announcements/announcements-projection';
import { hackathonProjectsProjection } from './hackathon-projects/projects-projection';
import { communityProjection } from './community/community-projection';
import { eventsProjection } from './events/events-projection';
import { quizzesProjection } from './quizzes/quizzes-projection';
import { reportQueueProjection } from './admin/reports/reports-projection';
import { scoringProjection } from './hackathon-judging/scoring-projection';
import { settingsProjection } from './notification-settings/settings-projection';
import { dataExportProjection } from './data-export/data-export-projection';
import { certificatesProjection } from './certificates/certificates-projection';
import { checkInProjection } from './check-in/check-in-projection';

/**
 * Every read model. Each has its own checkpoint and owns its tables; a projection added here is
 * built from position 0 by the running system on its next start, the others are not touched.
 */
export const allProjections: Projection[] = [
  usersProjection,
  projectsProjection,
  socialProjection,
  notificationsProjection,
  messagingProjection,
  registrationsProjection,
  hackathonsProjection,
  reviewsProjection,
  announcementsProjection,
  sponsorsProjection,
  hackathonProjectsProjection,
  communityProjection,
  eventsProjection,
  quizzesProjection,
  reportQueueProjection,
  scoringProjection,
  settingsProjection,
  dataExportProjection,
  certificatesProjection,
  checkInProjection,
];
