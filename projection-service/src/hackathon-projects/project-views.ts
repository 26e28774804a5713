import type { Knex } from 'knex';
import type { HackathonContent } from '@circuit/shared/events/hackathons';
import type { HackathonRow } from '@circuit/shared/read-models/hackathons';
import type { HackathonProjectPerson, ProjectAward, ProjectCard, ProjectDetail, ReactionCounts } from '@circuit/shared/api/hackathon-projects';
import type { Winner } from '@circuit/shared/events/hackathon-judging';
import { contentOf } from '../listings/listing-access';
import { deadlineOf, judgedSubmission, noJudgingView, type JudgingView, type ProjectRow, type SubmissionRow } from './project-rows';
import { soloEntryAllowed } from '@circuit/shared/hackathons/solo-entry';

/** What the hackathon project queries read: the judging state, people, entrants, the projects judged now. */

export const iso = (v: Date | string) => new Date(v).toISOString();

export async function judgingViewOf(knex: Knex, hackathonId: string): Promise<JudgingView> {
  const row = (await knex('hackathon_judging').where({ hackathon_id: hackathonId }).first('state')) as { state: JudgingView } | undefined;
  return row?.state ?? noJudgingView();
}

/** The hackathon's facts the rules need, from its read-model row. */
export function hackathonFacts(row: HackathonRow, judging: JudgingView) {
  const content = contentOf<HackathonContent>(row);
  return {
    summary: { _id: row.id, username: row.username, title: content.title },
    deadline: deadlineOf(judging, content.dates.endDate),
    soloEntries: soloEntryAllowed({ minMembers: Math.max(1, content.teamSettings.minMembers), paid: content.pricing.type === 'paid' }),
  };
}

/** Invitations by e-mail that name someone now: an account holding the address verified (e-mail -> user id). */
export async function resolvedEmails(knex: Knex, emails: readonly string[]): Promise<Map<string, string>> {
  if (emails.length === 0) return new Map();
  const rows = (await knex('users').whereIn('email_lower', [...emails]).where({ is_email_verified: true }).select('id', 'email_lower')) as { id: string; email_lower: string }[];
  return new Map(rows.map((r) => [r.email_lower, r.id]));
}

export async function judgesOf(knex: Knex, judging: JudgingView): Promise<{ active: string[]; pending: string[]; byEmail: Map<string, string> }> {
  const byEmail = await resolvedEmails(knex, judging.judgeEmails);
  const active = [...new Set([...judging.judgeUserIds, ...judging.judgeEmails.flatMap((e) => byEmail.get(e) ?? [])])];
  return { active, pending: judging.judgeEmails.filter((e) => !byEmail.has(e)), byEmail };
}

/**
 * The hook of what a judge sees before the gallery opens: the projects the last Assign gave them
 * (none before Assign is pressed, whatever the mode), as the score routes decide.
 */
export const assignedProjectIds = (judging: JudgingView, judgeUserId: string): Set<string> => new Set(judging.assignments?.[judgeUserId] ?? []);

export async function peopleById(knex: Knex, ids: readonly string[]): Promise<Map<string, HackathonProjectPerson>> {
  if (ids.length === 0) return new Map();
  const rows = (await knex('users').whereIn('id', [...new Set(ids)]).select('id', 'username', 'first_name', 'last_name', 'profile_picture')) as {
    id: string;
    username: string;
    first_name: string;
    last_name: string;
    profile_picture: string | null;
  }[];
  return new Map(rows.map((r) => [r.id, { _id: r.id, username: r.username, firstName: r.first_name, lastName: r.last_name, profilePicture: r.profile_picture }]));
}

export interface ViewerEntrant {
  kind: 'team' | 'solo';
  entrantId: string;
  teamName: string | null;
  memberIds: string[];
  /** A complete team, or a registrant without a team where solo entries are allowed (soloEntryAllowed). */
  mayEnter: boolean;
}

/** The viewer's entrant in the hackathon, from the registrations read model (null: registered nowhere that could enter). */
export async function viewerEntrant(knex: Knex, hackathonId: string, userId: string | null, soloEntries: boolean): Promise<ViewerEntrant | null> {
  if (!userId) return null;
  const participant = (await knex('hackathon_participants').where({ hackathon_id: hackathonId, user_id: userId }).first('team_id')) as { team_id: string | null } | undefined;
  if (!participant) return null;
  if (!participant.team_id) return soloEntries ? { kind: 'solo', entrantId: userId, teamName: null, memberIds: [userId], mayEnter: true } : null;
  const team = (await knex('hackathon_teams').where({ id: participant.team_id }).first('id', 'name', 'status')) as { id: string; name: string; status: string } | undefined;
  if (!team) return null;
  const members = (await knex('hackathon_team_members').where({ team_id: team.id }).orderBy('joined_at').pluck('user_id')) as string[];
  return { kind: 'team', entrantId: team.id, teamName: team.name, memberIds: members, mayEnter: team.status === 'complete' };
}

export interface JudgedProject {
  row: ProjectRow;
  submission: SubmissionRow;
}

/** Every project judged now (the last submission before the deadline), or only those of `ids`. */
export async function judgedProjects(knex: Knex, hackathonId: string, deadline: string, ids?: readonly string[]): Promise<JudgedProject[]> {
  const query = knex('hackathon_projects').where({ hackathon_id: hackathonId }).whereNotNull('last_submitted_at').where({ withdrawn: false });
  if (ids) query.whereIn('project_id', [...ids]);
  const rows = (await query.select('*')) as ProjectRow[];
  return rows.flatMap((row) => {
    const submission = judgedSubmission(row, deadline);
    return submission ? [{ row, submission }] : [];
  });
}

export const awardsOf = (winners: readonly Winner[], projectId: string): ProjectAward[] =>
  winners.filter((w) => w.projectId === projectId).map(({ prize, trackId, place }) => ({ prize, trackId, place }));

/** The columns of hackathon_project_counts as a left join reads them (null: nothing yet). */
export interface CountColumns {
  likes: number | null;
  saves: number | null;
  comments: number | null;
}

export const countsOf = (r: CountColumns): ReactionCounts => ({ likes: r.likes ?? 0, saves: r.saves ?? 0, comments: r.comments ?? 0 });

/** The counts of the projects (by project id) of one hackathon. */
async function countsByProject(knex: Knex, hackathonId: string, projectIds: readonly string[]): Promise<Map<string, ReactionCounts>> {
  if (projectIds.length === 0) return new Map();
  const rows = (await knex('hackathon_project_counts').where({ hackathon_id: hackathonId }).whereIn('project_id', [...projectIds]).select('project_id', 'likes', 'saves', 'comments')) as (CountColumns & {
    project_id: string;
  })[];
  return new Map(rows.map((r) => [r.project_id, countsOf(r)]));
}

export function toCard(
  hackathonId: string,
  { row, submission }: JudgedProject,
  people: Map<string, HackathonProjectPerson>,
  winners: readonly Winner[],
  counts: ReactionCounts = countsOf({ likes: null, saves: null, comments: null }),
): ProjectCard {
  const v = submission.version;
  return {
    id: row.project_id,
    hackathonId,
    entrant: row.entrant,
    teamName: submission.teamName,
    title: v.title,
    tagline: v.tagline,
    image: v.images[0] ?? null,
    builtWith: v.builtWith,
    trackIds: v.trackIds,
    members: submission.memberIds.flatMap((id) => people.get(id) ?? []),
    awards: awardsOf(winners, row.project_id),
    submittedAt: iso(submission.at),
    counts,
  };
}

export const toDetail = (
  card: ProjectCard,
  hackathon: ProjectDetail['hackathon'],
  submission: SubmissionRow,
  viewer: Pick<ProjectDetail, 'viewerVotes' | 'viewerReactions'>,
): ProjectDetail => ({ ...card, hackathon, version: submission.version, ...viewer });

/** Cards of the projects, with their members and counts. */
export async function cardsOf(knex: Knex, hackathonId: string, projects: readonly JudgedProject[], winners: readonly Winner[]): Promise<ProjectCard[]> {
  const [people, counts] = await Promise.all([
    peopleById(knex, projects.flatMap((p) => p.submission.memberIds)),
    countsByProject(knex, hackathonId, projects.map((p) => p.row.project_id)),
  ]);
  return projects.map((p) => toCard(hackathonId, p, people, winners, counts.get(p.row.project_id)));
}
