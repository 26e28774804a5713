import { loadState } from '@circuit/shared/commands/decider';
import { hackathonRosterStream } from '@circuit/shared/events/hackathon-registrations';
import { hackathonProjectStream } from '@circuit/shared/events/hackathon-projects';
import type { EventStore } from '@circuit/shared/ports/event-store';
import type { AssignableProject } from '@circuit/shared/judging/assignment';
import { soloEntryAllowed } from '@circuit/shared/hackathons/solo-entry';
import { rosterDecider, type RosterState } from '../hackathon-registrations/roster-decider';
import type { JudgingListing } from '../hackathon-judging/judging-listing';
import { judgedSubmission, projectFold, type Entrant } from './project-submission-decider';

/**
 * Who may enter a project, read from the roster stream (`hackathon-roster-<id>`): a team whose
 * registration is complete, or a participant registered without a team where the team minimum is 1 and the hackathon
 * charges no fee (soloEntryAllowed).
 */

export const loadRoster = async (store: EventStore, hackathonId: string): Promise<RosterState> => (await loadState(store, hackathonRosterStream(hackathonId), rosterDecider)).state;

export function entrantOf(roster: RosterState, listing: JudgingListing, userId: string): Entrant | null {
  const teamId = roster.own.teamOf[userId];
  const team = teamId ? roster.own.teams[teamId] : undefined;
  if (team) return team.status === 'complete' ? { kind: 'team', entrantId: team.teamId, teamName: team.name, memberIds: [...team.members] } : null;
  return soloEntrant(roster, listing, userId) ? { kind: 'solo', entrantId: userId, teamName: null, memberIds: [userId] } : null;
}

const soloEntrant = (roster: RosterState, listing: JudgingListing, userId: string): boolean =>
  Boolean(roster.entrants[userId]) && !roster.own.teamOf[userId] && soloEntryAllowed(listing);

/** Every entrant that may hold a project now: complete teams, then solo participants. */
export function entrantsOf(roster: RosterState, listing: JudgingListing): Entrant[] {
  const teams = Object.values(roster.own.teams).flatMap((team) => (team.status === 'complete' ? [{ kind: 'team' as const, entrantId: team.teamId, teamName: team.name, memberIds: [...team.members] }] : []));
  const solos = Object.keys(roster.entrants)
    .filter((userId) => soloEntrant(roster, listing, userId))
    .map((userId) => ({ kind: 'solo' as const, entrantId: userId, teamName: null, memberIds: [userId] }));
  return [...teams, ...solos];
}

/** The projects judged now (each entrant's last submission before the deadline), from their own streams. */
export async function submittedProjects(store: EventStore, listing: JudgingListing, deadline: string): Promise<AssignableProject[]> {
  const roster = await loadRoster(store, listing.hackathonId);
  const found = await Promise.all(
    entrantsOf(roster, listing).map(async (entrant) => {
      const { state } = await loadState(store, hackathonProjectStream(listing.hackathonId, entrant.entrantId), projectFold);
      const judged = judgedSubmission(state, deadline);
      // Members at submission and now: a judge who was in the team at either time has a conflict.
      return judged ? [{ projectId: entrant.entrantId, trackIds: [...judged.version.trackIds], memberIds: [...new Set([...judged.memberIds, ...entrant.memberIds])] }] : [];
    }),
  );
  return found.flat();
}
