import type { Knex } from 'knex';
import type { ProfileHackathonProject } from '@circuit/shared/api/hackathon-projects';
import type { HackathonContent } from '@circuit/shared/events/hackathons';
import { contentOf } from '../listings/listing-access';
import { deadlineOf, judgedSubmission, noJudgingView, type JudgingView, type ProjectRow } from './project-rows';
import { awardsOf, countsOf, iso, type CountColumns } from './project-views';

/**
 * The hackathon projects a profile shows beside its portfolio projects: those the user was a
 * member of in the version judged, of public hackathons whose gallery is open (before that the
 * projects are the team's, the judges' and the organiser's only). Newest submission first.
 */
export async function profileHackathonProjects(knex: Knex, userId: string): Promise<ProfileHackathonProject[]> {
  const rows = (await knex('hackathon_projects as p')
    .join('hackathons as h', 'h.id', 'p.hackathon_id')
    .leftJoin('hackathon_judging as j', 'j.hackathon_id', 'p.hackathon_id')
    .leftJoin('hackathon_project_counts as n', (j) => void j.on('n.hackathon_id', 'p.hackathon_id').andOn('n.project_id', 'p.project_id'))
    .whereRaw('p.member_ids @> ?::text[]', [[userId]])
    .where({ 'p.withdrawn': false, 'h.status': 'accepted' })
    .select('p.*', 'h.username as hackathon_username', 'h.content as hackathon_content', 'j.state as judging', 'n.likes', 'n.saves', 'n.comments')) as (ProjectRow &
    CountColumns & {
    hackathon_username: string;
    hackathon_content: HackathonContent | string;
    judging: JudgingView | null;
  })[];
  const shown = rows.flatMap((row) => {
    const judging = row.judging ?? noJudgingView();
    const content = contentOf<HackathonContent>({ content: row.hackathon_content });
    const judged = judgedSubmission(row, deadlineOf(judging, content.dates.endDate));
    if (!judging.setup?.galleryOpen || !judged || !judged.memberIds.includes(userId)) return [];
    const v = judged.version;
    return [
      {
        id: row.project_id,
        hackathon: { _id: row.hackathon_id, username: row.hackathon_username, title: content.title },
        title: v.title,
        tagline: v.tagline,
        image: v.images[0] ?? null,
        builtWith: v.builtWith,
        awards: awardsOf(judging.winners ?? [], row.project_id),
        submittedAt: iso(judged.at),
        counts: countsOf(row),
      },
    ];
  });
  return shown.sort((a, b) => Date.parse(b.submittedAt) - Date.parse(a.submittedAt));
}
