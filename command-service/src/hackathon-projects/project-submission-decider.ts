import type { Decider } from '@circuit/shared/commands/decider';
import { forbidden, notFound, refused } from '@circuit/shared/commands/domain-errors';
import type { DomainEvent } from '@circuit/shared/events/catalogue';
import type { HACKATHON_PROJECT_EVENT_TYPES, HackathonProjectVersion } from '@circuit/shared/events/hackathon-projects';
import { JudgingMessages as M } from '@circuit/shared/hackathons/judging-messages';
import { assertExists, type JudgingListing } from '../hackathon-judging/judging-listing';

/**
 * One entrant's project (`hackathon-project-<hackathonId>-<entrantId>`): draft, submit, withdraw,
 * each only by a member of the entrant and only before the submission deadline on the server's
 * clock (the command's `now`). Who the entrant is comes from the roster stream and the deadline
 * and tracks from the judging stream, read by the service and given inside the command.
 */

export type ProjectEvent = DomainEvent<(typeof HACKATHON_PROJECT_EVENT_TYPES)[number]>;

export interface Entrant {
  kind: 'team' | 'solo';
  /** The team's id, or the solo participant's user id: the project's id too. */
  entrantId: string;
  teamName: string | null;
  memberIds: readonly string[];
}

export interface Submission {
  version: HackathonProjectVersion;
  memberIds: readonly string[];
  teamName: string | null;
  at: string;
}

export interface ProjectState {
  draft: { version: HackathonProjectVersion; at: string } | null;
  /** Every submission, oldest first: which one is judged depends on the deadline, which the organiser may move. */
  submissions: readonly Submission[];
  withdrawn: boolean;
}

export const noProject = (): ProjectState => ({ draft: null, submissions: [], withdrawn: false });

export function evolveProject(state: ProjectState, event: ProjectEvent): ProjectState {
  switch (event.type) {
    case 'HackathonProjectDraftSaved':
      return { ...state, draft: { version: event.data.version, at: event.data.at } };
    case 'HackathonProjectSubmitted': {
      const d = event.data;
      return { ...state, withdrawn: false, submissions: [...state.submissions, { version: d.version, memberIds: d.memberIds, teamName: d.teamName, at: d.at }] };
    }
    case 'HackathonProjectWithdrawn':
      return { ...state, withdrawn: true };
  }
}

/** The version judged and shown: the last submitted at or before the deadline; null when none (or withdrawn). */
export function judgedSubmission(state: ProjectState, deadline: string): Submission | null {
  if (state.withdrawn) return null;
  const until = deadline ? Date.parse(deadline) : Infinity;
  return state.submissions.findLast((s) => Date.parse(s.at) <= until) ?? null;
}

/** For loadState: the project's fold alone. */
export const projectFold = { initialState: noProject, evolve: evolveProject, decide: (): never[] => [] };

interface On {
  listing: JudgingListing;
  userId: string;
  /** null: the user is not a member of an entrant (a complete team, or a solo registrant where allowed). */
  entrant: Entrant | null;
  deadline: string;
  trackIds: readonly string[];
  now: Date;
}

export type ProjectCommand =
  | ({ type: 'SaveDraft'; version: HackathonProjectVersion } & On)
  | ({ type: 'Submit' } & On)
  | ({ type: 'Withdraw' } & On);

function assertMayChange(on: On): Entrant {
  assertExists(on.listing);
  if (on.listing.status !== 'accepted') throw refused(M.notApproved);
  if (!on.entrant) throw forbidden(M.notEntrant);
  if (on.deadline && on.now.getTime() > Date.parse(on.deadline)) throw refused(M.deadlinePassed);
  return on.entrant;
}

function assertTracks(version: HackathonProjectVersion, trackIds: readonly string[]): void {
  if (version.trackIds.some((id) => !trackIds.includes(id))) throw refused(M.unknownTrack);
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export const projectSubmissionDecider: Decider<ProjectState, ProjectCommand, ProjectEvent> = {
  initialState: noProject,
  evolve: evolveProject,
  decide(command, state) {
    const entrant = assertMayChange(command);
    const base = { hackathonId: command.listing.hackathonId, projectId: entrant.entrantId, at: command.now.toISOString(), byUserId: command.userId };
    switch (command.type) {
      case 'SaveDraft':
        assertTracks(command.version, command.trackIds);
        if (state.draft && sameJson(state.draft.version, command.version)) return [];
        return [{ type: 'HackathonProjectDraftSaved', data: { ...base, entrant: entrant.kind, version: command.version } }];
      case 'Submit': {
        if (!state.draft) throw refused(M.noDraft);
        assertTracks(state.draft.version, command.trackIds);
        const last = state.submissions.at(-1);
        const memberIds = [...entrant.memberIds];
        // The same version by the same members, still entered: a repeated click records nothing.
        if (!state.withdrawn && last && sameJson(last.version, state.draft.version) && sameJson(last.memberIds, memberIds)) return [];
        return [{ type: 'HackathonProjectSubmitted', data: { ...base, entrant: entrant.kind, teamName: entrant.teamName, version: state.draft.version, memberIds } }];
      }
      case 'Withdraw':
        if (state.submissions.length === 0) throw notFound(M.projectNotFound);
        if (state.withdrawn) return [];
        return [{ type: 'HackathonProjectWithdrawn', data: base }];
    }
  },
};
