import { randomUUID } from 'node:crypto';
import type { NewEvent } from '@circuit/shared/ports/event-store';
import { userStream } from '@circuit/shared/events/accounts';
import { relationshipStream } from '@circuit/shared/events/social';
import { conversationStream } from '@circuit/shared/events/messaging';
import { notificationsStream } from '@circuit/shared/events/notifications';
import { projectLikeStream, projectSaveStream, projectStream } from '@circuit/shared/events/projects';
import { seededRandom } from '@circuit/shared/testkit/seeded-random';

export interface Append {
  streamId: string;
  events: NewEvent[];
  /**
   * Streams whose earlier events these presuppose (the followee's registration, the liked project's
   * creation): a command reads them before it appends, so in a real feed they always come first.
   */
  refersTo?: string[];
}

/** A small deterministic PRNG, so two runs of a bench write the same feed. */
export const random = seededRandom;

/**
 * A feed like the platform's own, for tests and benches of the projections: registrations,
 * sign-ins and profile edits, a skewed follow graph (a few users most people follow),
 * connections, projects with likes, saves and comments, chat, notifications. Every event is one
 * the deciders could have emitted (a follow only of someone not followed yet, and so on), so the
 * read models it yields are the ones a real history would.
 */
export function* mixedFeed(options: { events: number; seed?: number; users?: number; prefix?: string }): Generator<Append> {
  const rnd = random(options.seed ?? 7);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
  const prefix = options.prefix ?? randomUUID().slice(0, 8);
  const userCount = options.users ?? Math.max(20, Math.floor(options.events / 40));
  let clock = Date.UTC(2025, 0, 1);
  const at = () => new Date((clock += 1000)).toISOString();
  const ev = (type: string, data: unknown): NewEvent => ({ id: randomUUID(), type, data, metadata: {}, occurredAt: new Date(clock).toISOString() });

  const users: string[] = [];
  const follows = new Set<string>();
  const connected = new Set<string>();
  const requested = new Set<string>();
  const projects: string[] = [];
  const likes = new Set<string>();
  const saves = new Set<string>();
  const unreadMessages: { id: string; from: string; to: string }[] = [];
  const notifications = new Map<string, string[]>();
  let written = 0;
  const emit = (streamId: string, events: NewEvent[], refersTo: string[] = []): Append => {
    written += events.length;
    return { streamId, events, refersTo };
  };
  const celebrity = () => users[Math.floor(rnd() * Math.min(5, users.length))]!;
  const pair = (a: string, b: string) => `${a}>${b}`;

  while (written < options.events) {
    if (users.length < userCount && (users.length < 10 || rnd() < 0.15)) {
      const id = `${prefix}-u${users.length}`;
      const name = `${prefix}_u${users.length}`;
      users.push(id);
      const t = at();
      yield emit(userStream(id), [
        ev('UserRegistered', { userId: id, username: name, email: `${name}@example.com`, firstName: 'First', lastName: `Last${users.length}`, passwordHash: null, role: 'user', emailVerified: false, registeredAt: t }),
        ev('EmailVerified', { at: t }),
      ]);
      continue;
    }
    const a = pick(users);
    let b = rnd() < 0.4 ? celebrity() : pick(users);
    if (b === a) b = users[(users.indexOf(a) + 1) % users.length]!;
    const t = at();
    const roll = rnd();
    if (roll < 0.06) {
      yield emit(userStream(a), [ev('UserSignedIn', { method: 'otp', at: t })]);
    } else if (roll < 0.12) {
      yield emit(userStream(a), [ev('ProfileUpdated', { changes: { bio: `bio ${t}`, skills: ['TypeScript', pick(['React', 'Go', 'SQL'])], socialLinks: { github: `https://github.com/${a}` } }, at: t })]);
    } else if (roll < 0.34) {
      const key = pair(a, b);
      if (follows.has(key)) {
        follows.delete(key);
        yield emit(relationshipStream(a, b), [ev('UserUnfollowed', { from: a, to: b, at: t })], [userStream(a), userStream(b)]);
      } else {
        follows.add(key);
        const id = randomUUID();
        notifications.set(b, [...(notifications.get(b) ?? []), id]);
        yield emit(relationshipStream(a, b), [ev('UserFollowed', { from: a, to: b, at: t })], [userStream(a), userStream(b)]);
        yield emit(notificationsStream(b), [ev('NotificationCreated', { notificationId: id, userId: b, type: 'follow', status: null, isOutgoing: false, fromUserId: a, at: t })], [
          userStream(b),
          relationshipStream(a, b),
        ]);
      }
    } else if (roll < 0.42) {
      const key = [a, b].sort().join('|');
      if (connected.has(key)) {
        connected.delete(key);
        yield emit(relationshipStream(a, b), [ev('ConnectionRemoved', { from: a, to: b, at: t })], [userStream(a), userStream(b)]);
      } else if (requested.has(pair(b, a))) {
        requested.delete(pair(b, a));
        connected.add(key);
        yield emit(relationshipStream(a, b), [ev('ConnectionAccepted', { from: a, to: b, at: t })], [userStream(a), userStream(b)]);
      } else if (!requested.has(pair(a, b))) {
        requested.add(pair(a, b));
        yield emit(relationshipStream(a, b), [ev('ConnectionRequested', { from: a, to: b, at: t })], [userStream(a), userStream(b)]);
      }
    } else if (roll < 0.5) {
      const id = `${prefix}-p${projects.length}`;
      projects.push(id);
      yield emit(projectStream(id), [
        ev('ProjectCreated', { projectId: id, ownerId: a, title: `Project ${id}`, description: 'A project', technologies: ['TypeScript'], githubUrl: '', liveUrl: '', image: null, at: t }),
      ], [userStream(a)]);
    } else if (roll < 0.66 && projects.length > 0) {
      const p = rnd() < 0.5 ? projects[Math.floor(rnd() * Math.min(3, projects.length))]! : pick(projects);
      const kind = rnd() < 0.7 ? 'like' : 'save';
      const set = kind === 'like' ? likes : saves;
      const key = pair(p, a);
      const on = !set.has(key);
      if (on) set.add(key);
      else set.delete(key);
      const type = kind === 'like' ? (on ? 'ProjectLiked' : 'ProjectUnliked') : on ? 'ProjectSaved' : 'ProjectUnsaved';
      yield emit(kind === 'like' ? projectLikeStream(p, a) : projectSaveStream(p, a), [ev(type, { projectId: p, userId: a, at: t })], [projectStream(p), userStream(a)]);
    } else if (roll < 0.7 && projects.length > 0) {
      const p = pick(projects);
      yield emit(projectStream(p), [ev('ProjectCommented', { projectId: p, commentId: randomUUID(), parentId: null, userId: a, text: 'Nice', at: t })], [userStream(a)]);
    } else if (roll < 0.72 && projects.length > 0) {
      const p = pick(projects);
      yield emit(projectStream(p), [
        ev('ProjectUpdated', { projectId: p, title: `Project ${p} v2`, description: 'Updated', technologies: ['TypeScript', 'SQL'], githubUrl: '', liveUrl: '', image: null, at: t }),
      ]);
    } else if (roll < 0.9) {
      const id = randomUUID();
      unreadMessages.push({ id, from: a, to: b });
      yield emit(conversationStream(a, b), [ev('MessageSent', { messageId: id, from: a, to: b, message: `hello ${t}`, replyTo: null, at: t })], [userStream(a), userStream(b)]);
    } else if (roll < 0.95 && unreadMessages.length > 0) {
      const m = pick(unreadMessages);
      yield emit(conversationStream(m.from, m.to), [ev('MessagesRead', { reader: m.to, from: m.from, at: t })]);
    } else if (roll < 0.97 && unreadMessages.length > 0) {
      const index = Math.floor(rnd() * unreadMessages.length);
      const [m] = unreadMessages.splice(index, 1);
      yield emit(conversationStream(m!.from, m!.to), [ev('MessageDeleted', { messageId: m!.id, from: m!.from, to: m!.to, at: t })]);
    } else {
      const mine = notifications.get(a) ?? [];
      if (mine.length === 0) continue;
      const r = rnd();
      if (r < 0.4) yield emit(notificationsStream(a), [ev('NotificationRead', { notificationId: pick(mine), at: t })]);
      else if (r < 0.7) yield emit(notificationsStream(a), [ev('AllNotificationsRead', { at: t })]);
      else {
        const id = mine.pop()!;
        yield emit(notificationsStream(a), [ev('NotificationDeleted', { notificationId: id, at: t })]);
      }
    }
  }
}

/** Tables of every read model with a stable order, to compare two states of them. */
export const READ_MODEL_ORDER: Record<string, string[]> = {
  users: ['id'],
  user_follows: ['follower_id', 'followee_id'],
  user_connections: ['user_id', 'other_id'],
  connection_requests: ['from_id', 'to_id'],
  user_blocks: ['blocker_id', 'blocked_id'],
  user_reports: ['id'],
  projects: ['id'],
  project_likes: ['project_id', 'user_id'],
  project_saves: ['project_id', 'user_id'],
  project_comments: ['id'],
  notifications: ['id'],
  chat_messages: ['id'],
  chat_unread: ['user_id', 'from_id'],
};

/** Every read model's rows in a stable order, timestamps as ISO strings: two states compare with toEqual. */
export async function dumpReadModels(knex: import('knex').Knex): Promise<Record<string, unknown[]>> {
  const dump: Record<string, unknown[]> = {};
  for (const [table, order] of Object.entries(READ_MODEL_ORDER)) {
    const rows: Record<string, unknown>[] = await knex(table).orderBy(order).select('*');
    dump[table] = rows.map((row) => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, v instanceof Date ? v.toISOString() : v])));
  }
  return dump;
}

/**
 * Events of a mixed feed stored before the registration or project creation they refer to (by a
 * user or project id in their data): none in a feed the commands could have written.
 */
export async function referencesAhead(knex: import('knex').Knex): Promise<unknown[]> {
  const { rows } = (await knex.raw(`
    with created as (
      select substr(stream_id, length('user-') + 1) as id, position from event_store_events where type = 'UserRegistered'
      union all
      select data->>'projectId', position from event_store_events where type = 'ProjectCreated')
    select e.position::text, e.stream_id, e.type, r.field, r.id, c.position::text as created_at_position
      from event_store_events e
      cross join lateral (values ('from', e.data->>'from'), ('to', e.data->>'to'), ('userId', e.data->>'userId'), ('ownerId', e.data->>'ownerId'), ('projectId', e.data->>'projectId')) as r(field, id)
      join created c on c.id = r.id and c.position > e.position
     order by e.position`)) as { rows: unknown[] };
  return rows;
}

/** The rows of `xs` that `ys` does not have (as many times as `xs` has them more often). */
function rowsMissingFrom(xs: string[], ys: string[]): string[] {
  const left = new Map<string, number>();
  for (const y of ys) left.set(y, (left.get(y) ?? 0) + 1);
  return xs.filter((x) => {
    const n = left.get(x) ?? 0;
    left.set(x, n - 1);
    return n <= 0;
  });
}

/**
 * What tells two dumps apart, table by table: the rows only one of them has (at most `limit` of
 * each, with their numbers), so a failed comparison names the table and the rows instead of
 * printing every row. Empty when the dumps are equal.
 */
export function diffReadModels(actual: Record<string, unknown[]>, expected: Record<string, unknown[]>, limit = 5): Record<string, unknown> {
  const diff: Record<string, unknown> = {};
  for (const table of new Set([...Object.keys(actual), ...Object.keys(expected)])) {
    const a = (actual[table] ?? []).map((row) => JSON.stringify(row));
    const e = (expected[table] ?? []).map((row) => JSON.stringify(row));
    const onlyActual = rowsMissingFrom(a, e);
    const onlyExpected = rowsMissingFrom(e, a);
    if (onlyActual.length > 0 || onlyExpected.length > 0) {
      const sample = (xs: string[]) => ({ count: xs.length, rows: xs.slice(0, limit).map((x) => JSON.parse(x) as unknown) });
      diff[table] = { onlyActual: sample(onlyActual), onlyExpected: sample(onlyExpected) };
    } else if (a.some((x, i) => x !== e[i])) diff[table] = 'the same rows in another order';
  }
  return diff;
}

/**
 * Appends a feed quickly: appends of different streams go in parallel, `parallel` at a time, so
 * the feed keeps its order within each stream and nearly its order across them. Appends sent
 * together may take their positions in either order, so one never goes with an append to a stream
 * it refers to (`Append.refersTo`): that one commits first, as the events it presupposes do in a
 * real feed. (A follow sent beside its followee's registration once took the earlier position, and
 * the count it adds was lost or kept by where a rebuild's page ended.) Stops after a group when
 * `until()` says so; the rest of a generator is left for the next call.
 */
export async function appendFeed(
  store: { append(streamId: string, events: NewEvent[], expected: 'any'): Promise<unknown> },
  feed: Iterable<Append>,
  options: { parallel?: number; until?: () => boolean } = {},
): Promise<number> {
  let group: Append[] = [];
  let written = 0;
  const flush = async () => {
    await Promise.all(group.map((a) => store.append(a.streamId, a.events, 'any')));
    written += group.reduce((n, a) => n + a.events.length, 0);
    group = [];
  };
  // Not for..of: stopping early must leave a generator open for the next call.
  const iterator = feed[Symbol.iterator]();
  for (let next = iterator.next(); !next.done; next = iterator.next()) {
    const append = next.value;
    if (group.some((a) => a.streamId === append.streamId || append.refersTo?.includes(a.streamId)) || group.length >= (options.parallel ?? 16)) {
      await flush();
      if (options.until?.()) return written;
    }
    group.push(append);
  }
  await flush();
  return written;
}
