import type { z } from 'zod';
import { AccountEventSchemas } from './accounts';
import { ProfileEventSchemas } from './profiles';
import { ProjectEventSchemas } from './projects';
import { SocialEventSchemas } from './social';
import { NotificationEventSchemas } from './notifications';
import { MessagingEventSchemas } from './messaging';
import { SeedEventSchemas } from './seed';
import { HackathonEventSchemas } from './hackathons';
import { PaymentEventSchemas } from './payments';
import { HackathonRegistrationEventSchemas } from './hackathon-registrations';
import { HackathonReviewEventSchemas } from './hackathon-reviews';
import { HackathonAnnouncementEventSchemas } from './hackathon-announcements';
import { CommunityEventSchemas } from './community';
import { EventListingEventSchemas } from './event-listings';
import { EventRegistrationEventSchemas } from './event-registrations';
import { QuizEventSchemas } from './quizzes';
import { UserStandingEventSchemas } from './user-standing';
import { ReportReviewEventSchemas } from './report-review';
import { HackathonScoringEventSchemas } from './hackathon-scoring';
import { HackathonJudgingEventSchemas } from './hackathon-judging';
import { HackathonProjectEventSchemas } from './hackathon-projects';
import { HackathonProjectReactionEventSchemas } from './hackathon-project-reactions';
import { CheckInEventSchemas } from './check-in';
import { NotificationSettingsEventSchemas } from './notification-settings';
import { CertificateEventSchemas } from './certificates';
import { DataExportEventSchemas } from './data-exports';

/** Every event type of the platform with its schema: appends and projections validate against it. */
export const EventCatalogue = {
  ...AccountEventSchemas,
  ...ProfileEventSchemas,
  ...ProjectEventSchemas,
  ...SocialEventSchemas,
  ...NotificationEventSchemas,
  ...MessagingEventSchemas,
  ...SeedEventSchemas,
  ...HackathonEventSchemas,
  ...PaymentEventSchemas,
  ...HackathonRegistrationEventSchemas,
  ...HackathonReviewEventSchemas,
  ...HackathonAnnouncementEventSchemas,
  ...CommunityEventSchemas,
  ...EventListingEventSchemas,
  ...EventRegistrationEventSchemas,
  ...QuizEventSchemas,
  ...UserStandingEventSchemas,
  ...ReportReviewEventSchemas,
  ...HackathonJudgingEventSchemas,
  ...HackathonProjectEventSchemas,
  ...HackathonProjectReactionEventSchemas,
  ...HackathonScoringEventSchemas,
  ...CheckInEventSchemas,
  ...NotificationSettingsEventSchemas,
  ...DataExportEventSchemas,
  ...CertificateEventSchemas,
} as const satisfies Record<string, z.ZodType>;

export type EventType = keyof typeof EventCatalogue;
export type EventData<K extends EventType> = z.infer<(typeof EventCatalogue)[K]>;
/** A typed event of the catalogue, as deciders emit and projections read them. */
export type DomainEvent<K extends EventType = EventType> = { [T in K]: { type: T; data: EventData<T> } }[K];

export function isKnownEventType(type: string): type is EventType {
  return Object.hasOwn(EventCatalogue, type);
}

/** Parses an event's data against its schema; throws on bad data. */
export function parseEventData<K extends EventType>(type: K, data: unknown): EventData<K> {
  return EventCatalogue[type].parse(data) as EventData<K>;
}
