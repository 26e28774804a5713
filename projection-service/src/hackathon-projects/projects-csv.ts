import type { TableColumn } from '@circuit/shared/csv/csv';
import type { HackathonProjectPerson } from '@circuit/shared/api/hackathon-projects';
import type { JudgingView } from './project-rows';
import { awardsOf, iso, type JudgedProject } from './project-views';

/** GET /api/hackathons/{id}/projects.csv: one line per project judged now; toCsv quotes every value and neutralises formulas. */
export const PROJECT_CSV_COLUMNS: readonly TableColumn[] = [
  { key: 'projectId', label: 'Project id' },
  { key: 'title', label: 'Title' },
  { key: 'tagline', label: 'Tagline' },
  { key: 'team', label: 'Team' },
  { key: 'members', label: 'Members' },
  { key: 'tracks', label: 'Tracks' },
  { key: 'builtWith', label: 'Built with' },
  { key: 'repository', label: 'Repository' },
  { key: 'demo', label: 'Demo' },
  { key: 'video', label: 'Video' },
  { key: 'awards', label: 'Awards' },
  { key: 'submittedAt', label: 'Submitted at' },
];

export function projectCsvRows(projects: readonly JudgedProject[], people: Map<string, HackathonProjectPerson>, judging: JudgingView): Record<string, unknown>[] {
  const trackNames = new Map((judging.setup?.tracks ?? []).map((t) => [t.id, t.name]));
  return projects.map(({ row, submission }) => {
    const v = submission.version;
    return {
      projectId: row.project_id,
      title: v.title,
      tagline: v.tagline,
      team: submission.teamName ?? '',
      members: submission.memberIds.map((id) => {
        const p = people.get(id);
        return p ? `${p.firstName} ${p.lastName} (@${p.username})`.trim() : id;
      }),
      tracks: v.trackIds.map((id) => trackNames.get(id) ?? id),
      builtWith: v.builtWith,
      repository: v.links.repository,
      demo: v.links.demo,
      video: v.links.video,
      awards: awardsOf(judging.winners ?? [], row.project_id).map((a) => `${a.prize} (place ${a.place})`),
      submittedAt: iso(submission.at),
    };
  });
}
