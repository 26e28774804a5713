import type { Knex } from 'knex';
import type { DomainEvent } from '@circuit/shared/events/catalogue';
import type { HACKATHON_PROJECT_REACTION_EVENT_TYPES } from '@circuit/shared/events/hackathon-project-reactions';

/**
 * Likes, saves and comments of hackathon projects, with each project's counts in
 * hackathon_project_counts (joined by the gallery's one query). A batch works out each pair's
 * state at its end (the last of its events wins), loads which pairs exist, and writes only the rows
 * really added or removed; the counts move by those, so they always equal a count of the rows.
 */
export type ReactionEvent = DomainEvent<(typeof HACKATHON_PROJECT_REACTION_EVENT_TYPES)[number]>;

export const REACTION_TABLES = ['hackathon_project_reactions', 'hackathon_project_comments', 'hackathon_project_counts'];

type Kind = 'like' | 'save';
interface Pair {
  hackathon_id: string;
  project_id: string;
  kind: Kind;
  user_id: string;
}
interface Deltas {
  likes: number;
  saves: number;
  comments: number;
}

const ADDS: Record<string, [Kind, boolean]> = {
  HackathonProjectLiked: ['like', true],
  HackathonProjectUnliked: ['like', false],
  HackathonProjectSaved: ['save', true],
  HackathonProjectUnsaved: ['save', false],
};
const pairKey = (p: Pair) => JSON.stringify([p.hackathon_id, p.project_id, p.kind, p.user_id]);
const projectKey = (hackathonId: string, projectId: string) => JSON.stringify([hackathonId, projectId]);

export async function applyReactions(trx: Knex.Transaction, events: readonly ReactionEvent[]): Promise<void> {
  if (events.length === 0) return;
  const wanted = new Map<string, { pair: Pair; on: boolean; at: string }>();
  const comments: Record<string, string | null>[] = [];
  for (const event of events) {
    const d = event.data;
    if (event.type === 'HackathonProjectCommented') {
      comments.push({ id: event.data.commentId, hackathon_id: d.hackathonId, project_id: d.projectId, parent_id: event.data.parentId, user_id: d.userId, text: event.data.text, created_at: d.at });
      continue;
    }
    const [kind, on] = ADDS[event.type]!;
    const pair: Pair = { hackathon_id: d.hackathonId, project_id: d.projectId, kind, user_id: d.userId };
    wanted.set(pairKey(pair), { pair, on, at: d.at });
  }

  const deltas = new Map<string, Deltas & { hackathon_id: string; project_id: string }>();
  const add = (hackathonId: string, projectId: string, counter: keyof Deltas, by: number) => {
    const key = projectKey(hackathonId, projectId);
    const row = deltas.get(key) ?? { hackathon_id: hackathonId, project_id: projectId, likes: 0, saves: 0, comments: 0 };
    row[counter] += by;
    deltas.set(key, row);
  };

  if (wanted.size > 0) {
    const pairs = [...wanted.values()].map((w) => w.pair);
    const found = (
      await trx.raw(
        `select r.hackathon_id, r.project_id, r.kind, r.user_id from hackathon_project_reactions r
           join jsonb_to_recordset(?::jsonb) as k(hackathon_id text, project_id text, kind text, user_id text)
           on r.hackathon_id = k.hackathon_id and r.project_id = k.project_id and r.kind = k.kind and r.user_id = k.user_id`,
        [JSON.stringify(pairs)],
      )
    ).rows as Pair[];
    const present = new Set(found.map(pairKey));
    const inserts = [...wanted.entries()].filter(([key, w]) => w.on && !present.has(key)).map(([, w]) => ({ ...w.pair, created_at: w.at }));
    const deletes = [...wanted.entries()].filter(([key, w]) => !w.on && present.has(key)).map(([, w]) => w.pair);
    if (inserts.length > 0) await trx('hackathon_project_reactions').insert(inserts);
    if (deletes.length > 0) {
      await trx('hackathon_project_reactions')
        .whereIn(['hackathon_id', 'project_id', 'kind', 'user_id'], deletes.map((p) => [p.hackathon_id, p.project_id, p.kind, p.user_id]))
        .del();
    }
    for (const p of inserts) add(p.hackathon_id, p.project_id, p.kind === 'like' ? 'likes' : 'saves', 1);
    for (const p of deletes) add(p.hackathon_id, p.project_id, p.kind === 'like' ? 'likes' : 'saves', -1);
  }
  if (comments.length > 0) {
    // A comment already there (a replay) is not counted twice.
    const added = (await trx('hackathon_project_comments').insert(comments).onConflict('id').ignore().returning(['hackathon_id', 'project_id'])) as { hackathon_id: string; project_id: string }[];
    for (const c of added) add(c.hackathon_id, c.project_id, 'comments', 1);
  }
  if (deltas.size === 0) return;
  await trx.raw(
    `insert into hackathon_project_counts (hackathon_id, project_id, likes, saves, comments)
       select hackathon_id, project_id, likes, saves, comments from jsonb_to_recordset(?::jsonb) as d(hackathon_id text, project_id text, likes int, saves int, comments int)
     on conflict (hackathon_id, project_id) do update set
       likes = hackathon_project_counts.likes + excluded.likes,
       saves = hackathon_project_counts.saves + excluded.saves,
       comments = hackathon_project_counts.comments + excluded.comments`,
    [JSON.stringify([...deltas.values()])],
  );
}
