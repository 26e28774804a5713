import type { Knex } from 'knex';
import { toUserSummary, type UserSummary } from './users';

/**
 * The projects read model (projection-service/src/projects writes it): `projects`,
 * `project_likes`, `project_saves`, `project_comments`. Both services answer with the `Project`
 * shape of the API contract (/api/openapi.json), built here from those rows and `users`.
 */
export interface ProjectRow {
  id: string;
  owner_id: string;
  title: string;
  description: string;
  technologies: string[];
  github_url: string;
  live_url: string;
  image: string | null;
  likes_count: number;
  saves_count: number;
  created_at: Date | string;
  updated_at: Date | string;
}

/** A comment row joined with its author's `users` columns (the portfolio's and a hackathon project's alike). */
export interface CommentRow {
  id: string;
  project_id: string;
  parent_id: string | null;
  user_id: string;
  text: string;
  created_at: Date | string;
  username: string | null;
  first_name: string | null;
  last_name: string | null;
  profile_picture: string | null;
}

type OwnerColumns = {
  owner_username: string | null;
  owner_first_name: string | null;
  owner_last_name: string | null;
  owner_profile_picture: string | null;
  owner_tagline: string | null;
  owner_skills: string[] | null;
};

export interface CommentView {
  _id: string;
  user: { _id: string; firstName: string; lastName: string; username: string; profilePicture: string | null };
  text: string;
  createdAt: string;
  replies: CommentView[];
}

export interface ProjectView {
  _id: string;
  id: string;
  owner: UserSummary;
  title: string;
  description: string;
  technologies: string[];
  githubUrl: string;
  liveUrl: string;
  image: string | null;
  likes: string[];
  saves: string[];
  likesCount: number;
  savesCount: number;
  comments: CommentView[];
  createdAt: string;
  updatedAt: string;
}

const iso = (v: Date | string) => new Date(v).toISOString();

function commentView(row: CommentRow): CommentView {
  return {
    _id: row.id,
    user: {
      _id: row.user_id,
      firstName: row.first_name ?? '',
      lastName: row.last_name ?? '',
      username: row.username ?? '',
      profilePicture: row.profile_picture,
    },
    text: row.text,
    createdAt: iso(row.created_at),
    replies: [],
  };
}

/** Comment threads by project id: top-level comments in the rows' order, each with its replies. */
export function commentThreads(comments: readonly CommentRow[]): Map<string, CommentView[]> {
  const threads = new Map<string, CommentView[]>();
  const byId = new Map<string, CommentView>();
  for (const row of comments) {
    const view = commentView(row);
    if (row.parent_id === null) {
      byId.set(row.id, view);
      threads.set(row.project_id, [...(threads.get(row.project_id) ?? []), view]);
    }
  }
  for (const row of comments) {
    if (row.parent_id !== null) byId.get(row.parent_id)?.replies.push(commentView(row));
  }
  return threads;
}

/** Projects with their owner, likes, saves and comment threads (oldest comment first), newest project first. */
export async function loadProjectViews(knex: Knex, filter: { ids?: string[]; ownerId?: string }): Promise<ProjectView[]> {
  const query = knex<ProjectRow & OwnerColumns>('projects as p')
    .leftJoin('users as u', 'u.id', 'p.owner_id')
    .select(
      'p.*',
      'u.username as owner_username',
      'u.first_name as owner_first_name',
      'u.last_name as owner_last_name',
      'u.profile_picture as owner_profile_picture',
      'u.tagline as owner_tagline',
      'u.skills as owner_skills',
    )
    .orderBy([
      { column: 'p.created_at', order: 'desc' },
      { column: 'p.id', order: 'desc' },
    ]);
  if (filter.ids) query.whereIn('p.id', filter.ids);
  if (filter.ownerId) query.where('p.owner_id', filter.ownerId);
  const rows = (await query) as (ProjectRow & OwnerColumns)[];
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);

  const [likes, saves, comments] = await Promise.all([
    knex('project_likes').whereIn('project_id', ids).orderBy(['created_at', 'user_id']).select<{ project_id: string; user_id: string }[]>('project_id', 'user_id'),
    knex('project_saves').whereIn('project_id', ids).orderBy(['created_at', 'user_id']).select<{ project_id: string; user_id: string }[]>('project_id', 'user_id'),
    knex('project_comments as c')
      .leftJoin('users as u', 'u.id', 'c.user_id')
      .whereIn('c.project_id', ids)
      .orderBy([{ column: 'c.created_at' }, { column: 'c.id' }])
      .select<CommentRow[]>('c.*', 'u.username', 'u.first_name', 'u.last_name', 'u.profile_picture'),
  ]);

  const group = (list: { project_id: string; user_id: string }[]) => {
    const map = new Map<string, string[]>();
    for (const { project_id, user_id } of list) map.set(project_id, [...(map.get(project_id) ?? []), user_id]);
    return map;
  };
  const likesBy = group(likes);
  const savesBy = group(saves);

  const threads = commentThreads(comments);

  return rows.map((r) => ({
    _id: r.id,
    id: r.id,
    owner: toUserSummary({
      id: r.owner_id,
      username: r.owner_username ?? '',
      first_name: r.owner_first_name ?? '',
      last_name: r.owner_last_name ?? '',
      profile_picture: r.owner_profile_picture,
      tagline: r.owner_tagline ?? '',
      skills: r.owner_skills ?? [],
    }),
    title: r.title,
    description: r.description,
    technologies: r.technologies ?? [],
    githubUrl: r.github_url,
    liveUrl: r.live_url,
    image: r.image,
    likes: likesBy.get(r.id) ?? [],
    saves: savesBy.get(r.id) ?? [],
    likesCount: r.likes_count,
    savesCount: r.saves_count,
    comments: threads.get(r.id) ?? [],
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
  }));
}

export async function findProjectView(knex: Knex, id: string): Promise<ProjectView | undefined> {
  const [view] = await loadProjectViews(knex, { ids: [id] });
  return view;
}
