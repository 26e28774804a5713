import type { CommunityAdmin, CommunityParticipants } from '../api/community';
import type { EventRegistrationStatus } from '../api/events';
import type { Announcement } from '../api/hackathon-announcements';
import type { ReviewWritten } from '../api/hackathon-reviews';
import type { RegistrationStatus, Sponsor, Team, TeamStatus } from '../api/hackathons';
import type { ChatMessage } from '../api/messaging';
import type { Notification } from '../api/notifications';
import type { Project } from '../api/projects';
import type { OwnUser } from '../api/users';
import type { DataExportSectionKey, DataExportTables } from '../personal-data/export-contents';

/**
 * What the write side answers with once a command is done: the read models' rows in the shapes of
 * the API contract (shared/src/api), read after the answer waited for them
 * (docs/decisions.md#d7-read-your-writes-with-a-bounded-wait).
 *
 * The write side never decides with these answers: it decides from its own streams and tables
 * (docs/decisions.md#d2-pure-deciders-one-stream-per-aggregate), and a command reaches the read
 * models only through this port, so command-service imports nothing of shared/src/read-models.
 * The composition roots give it the read-model implementation
 * (shared/src/adapters/query-client/read-model-query-client.ts).
 */
export interface QueryClient {
  /** The signed-in user as they see themselves (with e-mail and mobile); undefined when the read model has no such user. */
  ownUser(userId: string): Promise<OwnUser | undefined>;
  project(projectId: string): Promise<Project | undefined>;
  /** One of the user's own notifications; undefined when it is not theirs or is gone. */
  notification(userId: string, notificationId: string): Promise<Notification | undefined>;
  /**
   * A chat message as stored and shown ('deleted' once deleted); undefined before the read models
   * have it. A repeated send is answered with it, and a deletion finds by it which conversation's
   * stream to decide on.
   */
  chatMessage(messageId: string): Promise<ChatMessage | 'deleted' | undefined>;

  hackathonRegistrationStatus(hackathonId: string, userId: string): Promise<RegistrationStatus>;
  hackathonTeam(teamId: string): Promise<Team | null>;
  hackathonTeamStatus(hackathonId: string, userId: string): Promise<TeamStatus>;
  /** The user's review of the hackathon (null when none) and the hackathon's totals. */
  hackathonReview(hackathonId: string, userId: string): Promise<ReviewWritten>;
  /** An announcement as its organisers see it (contact e-mails shown). */
  hackathonAnnouncement(hackathonId: string, announcementId: string): Promise<Announcement | null>;
  hackathonSponsor(hackathonId: string, sponsorId: string): Promise<Sponsor | null>;

  eventRegistrationStatus(eventId: string, userId: string): Promise<EventRegistrationStatus>;

  /** The organiser first, then the added admins in the order they were added. */
  communityAdmins(hackathonId: string, creatorId: string): Promise<CommunityAdmin[]>;
  /** The chat's admin panel; `canModerate` says whether the removed users are shown. */
  communityParticipants(community: { hackathonId: string; creatorId: string; canModerate: boolean }): Promise<CommunityParticipants>;

  /**
   * Whether the user created a hackathon, event or quiz: what opens the console's participant
   * lists to an organiser. The admin guard asks it only for those GET routes, which are answered
   * from the read models anyway.
   */
  isOrganiser(userId: string): Promise<boolean>;

  /**
   * One section of the person's data export, as the read models hold it (payments excepted: they
   * have no read model). A copy for the person, never the basis of a decision.
   */
  personalDataSection(userId: string, section: Exclude<DataExportSectionKey, 'payments'>): Promise<DataExportTables>;
}
