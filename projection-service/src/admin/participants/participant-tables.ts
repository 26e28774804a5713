import type { ParticipantListingKind } from '@circuit/shared/api/admin-participants';

/** Where each kind keeps its listings and its registered users (the read models of its own projection). */
export const PARTICIPANT_TABLES: Record<ParticipantListingKind, { listings: string; participants: string; listingColumn: string }> = {
  hackathon: { listings: 'hackathons', participants: 'hackathon_participants', listingColumn: 'hackathon_id' },
  event: { listings: 'events', participants: 'event_attendees', listingColumn: 'event_id' },
  quiz: { listings: 'quizzes', participants: 'quiz_participants', listingColumn: 'quiz_id' },
};
