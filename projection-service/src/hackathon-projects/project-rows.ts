import type { DomainEvent } from '@circuit/shared/events/catalogue';
import type { JudgingState } from '@circuit/shared/hackathons/judging-state';
import type { HACKATHON_PROJECT_EVENT_TYPES, HackathonProjectVersion } from '@circuit/shared/events/hackathon-projects';

/** The rows of projects-projection.ts and the pure rules the queries read them by. */

/** The judging row's state: the judging stream folded by the same fold the command side decides with. */
export type JudgingView = JudgingState;
export { deadlineOf, evolveJudging as evolveJudgingView, noJudging as noJudgingView } from '@circuit/shared/hackathons/judging-state';

export interface SubmissionRow {
  version: HackathonProjectVersion;
  memberIds: string[];
  teamName: string | null;
  at: string;
}

export interface ProjectRow {
  hackathon_id: string;
  project_id: string;
  entrant: 'team' | 'solo';
  team_name: string | null;
  draft: HackathonProjectVersion | null;
  draft_saved_at: string | Date | null;
  last_submitted_at: string | Date | null;
  submissions: SubmissionRow[];
  member_ids: string[];
  withdrawn: boolean;
}

export function evolveProjectRow(row: ProjectRow | undefined, event: DomainEvent<(typeof HACKATHON_PROJECT_EVENT_TYPES)[number]>): ProjectRow {
  const d = event.data;
  const current: ProjectRow = row ?? {
    hackathon_id: d.hackathonId,
    project_id: d.projectId,
    entrant: 'entrant' in d ? d.entrant : 'team',
    team_name: null,
    draft: null,
    draft_saved_at: null,
    last_submitted_at: null,
    submissions: [],
    member_ids: [],
    withdrawn: false,
  };
  switch (event.type) {
    case 'HackathonProjectDraftSaved':
      return { ...current, entrant: event.data.entrant, draft: event.data.version, draft_saved_at: event.data.at };
    case 'HackathonProjectSubmitted': {
      const s = event.data;
      const submission: SubmissionRow = { version: s.version, memberIds: s.memberIds, teamName: s.teamName, at: s.at };
      return {
        ...current,
        entrant: s.entrant,
        team_name: s.teamName,
        submissions: [...current.submissions, submission],
        member_ids: [...new Set([...current.member_ids, ...s.memberIds])],
        last_submitted_at: s.at,
        withdrawn: false,
      };
    }
    case 'HackathonProjectWithdrawn':
      return { ...current, withdrawn: true };
  }
}

/** A row of hackathon_project_versions: one submission's card fields and what the gallery searches. */
export interface VersionRow {
  hackathon_id: string;
  project_id: string;
  /** Its place among the project's submissions, from 0 (the array's order, which the deadline rule reads). */
  seq: number;
  at: string;
  title: string;
  tagline: string;
  image: string | null;
  team_name: string | null;
  track_ids: string[];
  built_with: string[];
  member_ids: string[];
  search: string;
}

/** What a gallery search looks in: title, tagline and built-with tags, lowercased, apart (U+001F between them). */
export const searchTextOf = (v: Pick<HackathonProjectVersion, 'title' | 'tagline' | 'builtWith'>) => [v.title, v.tagline, ...v.builtWith].join('\u001f').toLowerCase();

/** The version rows of a project's submissions. */
export function versionRowsOf(row: Pick<ProjectRow, 'hackathon_id' | 'project_id' | 'submissions'>): VersionRow[] {
  return row.submissions.map((s, seq) => ({
    hackathon_id: row.hackathon_id,
    project_id: row.project_id,
    seq,
    at: s.at,
    title: s.version.title,
    tagline: s.version.tagline,
    image: s.version.images[0] ?? null,
    team_name: s.teamName,
    track_ids: s.version.trackIds,
    built_with: s.version.builtWith,
    member_ids: s.memberIds,
    search: searchTextOf(s.version),
  }));
}

/** The submission judged and shown: the last at or before the deadline; null when none or withdrawn. */
export function judgedSubmission(row: Pick<ProjectRow, 'submissions' | 'withdrawn'>, deadline: string): SubmissionRow | null {
  if (row.withdrawn) return null;
  const until = deadline ? Date.parse(deadline) : Infinity;
  return row.submissions.findLast((s) => Date.parse(s.at) <= until) ?? null;
}
