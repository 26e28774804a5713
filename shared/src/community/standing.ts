import type { CommunityUser } from '../api/community';

/**
 * A user's standing in one hackathon's community. The command service folds its facts from the
 * streams before it decides (command-service/src/community/community-standing.ts); the query
 * routes and the realtime service read them from the read models (read-models/community.ts).
 */
export interface CommunityAccess {
  hackathonId: string;
  creatorId: string;
  registered: boolean;
  removed: boolean;
  /** An admin added by a community admin (the organiser is one without being added). */
  addedAdmin: boolean;
  /** Platform role admin or moderator. */
  staff: boolean;
  /** May read and post: registered, the organiser, an admin of any kind; and not removed. */
  member: boolean;
  /** May moderate: the organiser, an added admin, or staff. */
  canModerate: boolean;
  /** The user as the chat shows them. */
  user: CommunityUser;
}

/** The facts a standing is made of; `userId` null for a guest, who is nobody's member. */
export type CommunityFacts = Pick<CommunityAccess, 'hackathonId' | 'creatorId' | 'registered' | 'removed' | 'addedAdmin' | 'staff' | 'user'> & { userId: string | null };

/** What the facts allow: who reads and posts, who moderates. */
export function communityAccessOf(facts: CommunityFacts): CommunityAccess {
  const { hackathonId, creatorId, userId, registered, removed, addedAdmin, staff, user } = facts;
  const signedIn = userId !== null;
  const canModerate = signedIn && (creatorId === userId || addedAdmin || staff);
  return { hackathonId, creatorId, registered, removed, addedAdmin, staff, member: signedIn && !removed && (registered || canModerate), canModerate, user };
}
