import type { Viewer } from './hackathons';

/**
 * Who may see a listing's participants, personal data included (issue 13): its organiser, its manager
 * co-hosts, admins and moderators; anyone else is refused with a 403. One rule for hackathons, events and quizzes, on the
 * public participants pages and in the console alike, so the kinds cannot drift apart again.
 */
export const maySeeParticipants = (listing: { created_by: string }, viewer: Viewer): boolean =>
  viewer.userId === listing.created_by || viewer.role === 'admin' || viewer.role === 'moderator' || viewer.coHost === 'manager';

export const participantsForbidden = (kind: 'hackathon' | 'event' | 'quiz') => `Only the organiser, admins and moderators can see the participants of this ${kind}`;
