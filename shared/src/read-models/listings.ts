import type { Knex } from 'knex';
import { displayStatusOf, phaseOf } from '../hackathons/options';

/**
 * What the hackathon and event read models read alike (hackathons.ts, events.ts): the public list's
 * keyset pages, a listing by id or username, and the fields a card opens with.
 */

/** Where the public list's next page starts: after the last card shown (latest start first, then id). */
export interface Cursor {
  startDate: string;
  id: string;
}
export const encodeCursor = (c: Cursor) => Buffer.from(JSON.stringify([c.startDate, c.id])).toString('base64url');
export function decodeCursor(raw: string): Cursor | null {
  try {
    const [startDate, id] = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as unknown[];
    if (typeof startDate !== 'string' || typeof id !== 'string' || !Number.isFinite(Date.parse(startDate))) return null;
    return { startDate, id };
  } catch {
    return null;
  }
}

/**
 * One page of a public list (hackathons, events): the rows of `base` (the listing table as `alias`,
 * filtered) that `cards` selects, latest start first, after `cursor`; the total that match; and the
 * cursor of the next page, when one more row than the page holds was there.
 */
export async function publicListPage<Row extends { id: string; start_date?: Date | string }>(base: Knex.QueryBuilder, alias: string, cards: (q: Knex.QueryBuilder) => Knex.QueryBuilder, limit: number, cursor: Cursor | null) {
  const page = cards(base.clone()).orderBy([
    { column: `${alias}.start_date`, order: 'desc' },
    { column: `${alias}.id`, order: 'desc' },
  ]);
  if (cursor) page.whereRaw(`(${alias}.start_date, ${alias}.id) < (?::timestamptz, ?)`, [cursor.startDate, cursor.id]);
  const [rows, counted] = await Promise.all([page.limit(limit + 1) as Promise<Row[]>, base.clone().count<{ count: string | number }[]>('* as count')]);
  const shown = rows.slice(0, limit);
  const last = shown.at(-1);
  return {
    rows: shown,
    nextCursor: rows.length > limit && last?.start_date ? encodeCursor({ startDate: new Date(last.start_date).toISOString(), id: last.id }) : null,
    total: Number(counted[0]?.count ?? 0),
  };
}

/** Narrows `q` (a listing table as `alias`) to the listing `by` names: its id, or its username in any case. */
export function whereListingKey(q: Knex.QueryBuilder, alias: string, by: { id?: string; username?: string }): Knex.QueryBuilder {
  return by.id ? q.where(`${alias}.id`, by.id) : q.whereRaw(`lower(${alias}.username) = ?`, [String(by.username).toLowerCase()]);
}

/** An organised listing's row and content as far as its card's first fields need them. */
interface CardSource {
  row: { id: string; username: string; status: 'pending' | 'accepted' | 'rejected' };
  content: { title: string; shortDescription: string; dates: Parameters<typeof phaseOf>[0] };
}

/** The fields a hackathon's or an event's card opens with: ids, username, title, status, and its phase now. */
export function cardHead({ row, content }: CardSource, now: Date) {
  return {
    _id: row.id,
    id: row.id,
    username: row.username,
    title: content.title,
    shortDescription: content.shortDescription,
    status: row.status,
    phase: phaseOf(content.dates, now),
    displayStatus: displayStatusOf(content.dates, now),
  };
}
