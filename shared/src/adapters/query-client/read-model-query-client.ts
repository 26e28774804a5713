import type { Knex } from 'knex';
import { hasCreatedAListing } from '../../admin/access';
import { RoleSchema } from '../../events/accounts';
import type { QueryClient } from '../../ports/query-client';
import { findChatMessage } from '../../read-models/chat-messages';
import { findCommunityAdmins, findCommunityParticipants } from '../../read-models/community';
import { findEventRegistrationStatus } from '../../read-models/events';
import { findAnnouncement, findSponsor } from '../../read-models/hackathon-announcements';
import { findRegistrationStatus, findTeam, findTeamStatus } from '../../read-models/hackathon-registrations';
import { findReview, reviewStats } from '../../read-models/hackathon-reviews';
import { findNotification } from '../../read-models/notifications';
import { findProjectView } from '../../read-models/projects';
import { personalDataSection } from '../../read-models/personal-data-export';
import { findUserRow, toUserView } from '../../read-models/users';

/**
 * The QueryClient of the command service's answers, on the read-model tables of the same database
 * (every runtime mode keeps them beside the event store's tables). Only composition roots build it.
 */
export function readModelQueryClient(knex: Knex): QueryClient {
  return {
    async ownUser(userId) {
      const row = await findUserRow(knex, userId);
      // e-mail and mobile are in the view already (includePrivate) and the projection writes only
      // roles of RoleSchema: restated for the contract's type, each in its place.
      return row ? { ...toUserView(row, { includePrivate: true }), email: row.email, mobile: row.mobile, role: RoleSchema.parse(row.role) } : undefined;
    },
    project: (projectId) => findProjectView(knex, projectId),
    notification: (userId, notificationId) => findNotification(knex, userId, notificationId),
    chatMessage: (messageId) => findChatMessage(knex, messageId),

    hackathonRegistrationStatus: (hackathonId, userId) => findRegistrationStatus(knex, hackathonId, userId),
    hackathonTeam: (teamId) => findTeam(knex, teamId),
    hackathonTeamStatus: (hackathonId, userId) => findTeamStatus(knex, hackathonId, userId),
    async hackathonReview(hackathonId, userId) {
      const [review, stats] = await Promise.all([findReview(knex, hackathonId, userId), reviewStats(knex, hackathonId)]);
      return { review, ...stats };
    },
    hackathonAnnouncement: (hackathonId, announcementId) => findAnnouncement(knex, hackathonId, announcementId, true),
    hackathonSponsor: (hackathonId, sponsorId) => findSponsor(knex, hackathonId, sponsorId),

    eventRegistrationStatus: (eventId, userId) => findEventRegistrationStatus(knex, eventId, userId),

    communityAdmins: (hackathonId, creatorId) => findCommunityAdmins(knex, hackathonId, creatorId),
    communityParticipants: (community) => findCommunityParticipants(knex, community),

    isOrganiser: (userId) => hasCreatedAListing(knex, userId),
    personalDataSection: (userId, section) => personalDataSection(knex, userId, section),
  };
}
