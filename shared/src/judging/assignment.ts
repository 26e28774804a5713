/**
 * Which judge sees which project, pure: the judging decider calls it when the organiser presses
 * Assign and records the answer as one event, so what a judge saw can always be told later.
 * Deterministic (the same input gives the same answer whatever order it came in) so a replay or a
 * retried command records the same assignment.
 */
export type AssignmentMode = 'all' | 'perProject' | 'byTrack';

export interface AssignableProject {
  projectId: string;
  trackIds: string[];
  /** The entrant team's members: a judge among them is never given the project (conflict of interest). */
  memberIds: string[];
}

export interface AssignmentInput {
  mode: AssignmentMode;
  /** Used by `perProject` only: how many judges each project gets (fewer when too few have no conflict). */
  judgesPerProject: number;
  /** Used by `byTrack` only: track id -> the judges named for it. Judges not in `judges` are ignored. */
  trackJudges: Record<string, string[]>;
  judges: string[];
  projects: AssignableProject[];
}

/** judge user id -> the project ids they score, in project id order; every judge is a key, maybe with none. */
export function assignProjects(input: AssignmentInput): Record<string, string[]> {
  const judges = [...new Set(input.judges)].sort(compareIds);
  const projects = [...input.projects].sort((a, b) => compareIds(a.projectId, b.projectId));
  const assigned = new Map<string, Set<string>>(judges.map((judge) => [judge, new Set<string>()]));
  const give = (judge: string, projectId: string) => assigned.get(judge)?.add(projectId);

  for (const project of projects) {
    const eligible = judges.filter((judge) => !project.memberIds.includes(judge));
    for (const judge of judgesFor(input, project, eligible, assigned)) give(judge, project.projectId);
  }

  const answer: Record<string, string[]> = {};
  for (const judge of judges) answer[judge] = [...(assigned.get(judge) ?? [])].sort(compareIds);
  return answer;
}

function judgesFor(input: AssignmentInput, project: AssignableProject, eligible: string[], assigned: Map<string, Set<string>>): string[] {
  switch (input.mode) {
    case 'all':
      return eligible;
    case 'byTrack': {
      const named = new Set(project.trackIds.flatMap((trackId) => input.trackJudges[trackId] ?? []));
      return eligible.filter((judge) => named.has(judge));
    }
    case 'perProject': {
      // Round robin: the least loaded judges so far take the next project, ties by id, so the
      // load never differs by more than one between judges who could have taken the same projects.
      const wanted = Math.max(0, Math.floor(input.judgesPerProject));
      const load = (judge: string) => assigned.get(judge)?.size ?? 0;
      return [...eligible].sort((a, b) => load(a) - load(b) || compareIds(a, b)).slice(0, wanted);
    }
  }
}

/** Code-unit order, not locale order: the same on every machine and Node version. */
function compareIds(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
