import { loadState } from '@circuit/shared/commands/decider';
import { hackathonProjectStream } from '@circuit/shared/events/hackathon-projects';
import { hackathonRosterStream } from '@circuit/shared/events/hackathon-registrations';
import { notFound } from '@circuit/shared/commands/domain-errors';
import { hackathonJudgingStream } from '@circuit/shared/events/hackathon-judging';
import { ScoringMessages as M } from '@circuit/shared/hackathons/scoring-messages';
import type { EventStore } from '@circuit/shared/ports/event-store';
import { rosterDecider } from '../hackathon-registrations/roster-decider';
import { judgedSubmission, projectFold } from '../hackathon-projects/project-submission-decider';
import { deadlineOf, judgingFold, type JudgingState } from './judging-fold';
import { assertExists, findJudgingListing, type JudgingListing } from './judging-listing';
import type { ProjectFacts } from './project-facts';

/** What a score or a vote is decided with besides its own stream: the listing, the judging state, the project. */
export interface JudgingContext {
  listing: JudgingListing;
  judging: JudgingState;
  project: ProjectFacts;
}

/** Project ids are team ids or user ids: anything else names no stream worth reading. */
const PROJECT_ID = /^[\w-]{1,100}$/;

export async function judgingContextOf(store: EventStore, idOrUsername: string, projectId: string): Promise<JudgingContext> {
  const listing = await findJudgingListing(store, idOrUsername);
  assertExists(listing);
  if (!PROJECT_ID.test(projectId)) throw notFound(M.projectNotFound);
  const judging = (await loadState(store, hackathonJudgingStream(listing.hackathonId), judgingFold)).state;
  const project = await projectFactsOf(store, listing.hackathonId, projectId, deadlineOf(judging, listing.endDate));
  return { listing, judging, project };
}

/** The project read from its own stream and the roster stream (never a read model, docs/judging.md). */
export async function projectFactsOf(store: EventStore, hackathonId: string, projectId: string, deadline: string): Promise<ProjectFacts> {
  const [project, roster] = await Promise.all([
    loadState(store, hackathonProjectStream(hackathonId, projectId), projectFold),
    loadState(store, hackathonRosterStream(hackathonId), rosterDecider),
  ]);
  const judged = judgedSubmission(project.state, deadline);
  const members = new Set<string>([projectId, ...(roster.state.own.teams[projectId]?.members ?? [])]);
  for (const submission of project.state.submissions) for (const id of submission.memberIds) members.add(id);
  return { projectId, judged: judged !== null, trackIds: judged?.version.trackIds ?? [], memberIds: [...members] };
}
