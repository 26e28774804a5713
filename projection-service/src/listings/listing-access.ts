import type { Request } from 'express';
import type { Knex } from 'knex';
import { forbidden, notFound } from '@circuit/shared/commands/domain-errors';
import { findUserRow } from '@circuit/shared/read-models/users';
import type { Viewer } from '@circuit/shared/read-models/hackathons';
import { coHostRoleOf } from '@circuit/shared/read-models/check-in';
import type { CheckInKind } from '@circuit/shared/events/check-in';

/** Who is asking, as the listing queries need to know: signed out, or a user with their role. */
export const ANONYMOUS: Viewer = { userId: null, role: null };

/** The viewer with their co-host role on one listing: a manager then passes the organiser's checks (mayManage, maySeeParticipants). */
export async function hostViewerOf(knex: Knex, req: Request, kind: CheckInKind, listingId: string): Promise<Viewer> {
  const viewer = await viewerOf(knex, req);
  return viewer.userId ? { ...viewer, coHost: await coHostRoleOf(knex, kind, listingId, viewer.userId) } : viewer;
}

export async function viewerOf(knex: Knex, req: Request): Promise<Viewer> {
  const userId = req.session?.userId ?? null;
  if (!userId) return ANONYMOUS;
  const row = await findUserRow(knex, userId);
  return { userId, role: row?.role ?? null };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type ListingId = { id: string };
/** How a path names a listing: by its id, or by its username where the kind has usernames. */
export type ListingKey = ListingId | { username: string };

/** The listing a path parameter names by id: a UUID, in any case; null when it is not one. */
export const listingIdOf = (param: string): ListingId | null => (UUID.test(param) ? { id: param.toLowerCase() } : null);

/** The listing a path parameter names: its id when it is a UUID, else its username when it could be one (null when neither). */
export const listingKeyOf = (param: string, usernameViolation: (username: string) => string | null): ListingKey | null =>
  listingIdOf(param) ?? (usernameViolation(param) ? null : { username: param });

/** The listing a `/username/{username}` path names (null when it cannot be a username). */
export const listingUsernameOf = (param: string, usernameViolation: (username: string) => string | null): ListingKey | null =>
  usernameViolation(param) ? null : { username: param };

/** Who may see a kind's listings: everyone when public, otherwise those who may manage it. */
export interface ListingVisibility<Key, Row> {
  find(key: Key): Promise<Row | undefined>;
  // The row's type is the one `find` answers; the checks may take any part of it.
  isPublic(row: NoInfer<Row>): boolean | Promise<boolean>;
  mayManage(row: NoInfer<Row>, viewer: Viewer): boolean;
  messages: { notFound: string; notAvailable: string };
  /** The kind its co-hosts are kept under: the viewer then carries their co-host role on the listing. */
  coHostKind?: CheckInKind;
}

/** The listing `key` names, whoever asks: 404 when there is none (or no key). */
export async function existingListing<Key, Row>(key: Key | null, kind: Pick<ListingVisibility<Key, Row>, 'find' | 'messages'>): Promise<Row> {
  const row = key ? await kind.find(key) : undefined;
  if (!row) throw notFound(kind.messages.notFound);
  return row;
}

/**
 * The listing `key` names as the asking viewer may see it: 404 when there is none (or no key),
 * 403 'Not Available' when it is not public and the viewer may not manage it. `isPublic` is
 * answered too: a public listing reads the same to every anonymous visitor (one cached answer).
 */
export async function visibleListing<Key, Row>(knex: Knex, req: Request, key: Key | null, kind: ListingVisibility<Key, Row>) {
  const row = await existingListing(key, kind);
  const viewer = kind.coHostKind ? await hostViewerOf(knex, req, kind.coHostKind, (row as { id: string }).id) : await viewerOf(knex, req);
  const isPublic = await kind.isPublic(row);
  if (!isPublic && !kind.mayManage(row, viewer)) throw forbidden(kind.messages.notAvailable);
  return { row, viewer, isPublic };
}

/** A listing's content as the read model hands it over: parsed already, or as its JSON text. */
export const contentOf = <Content>(row: { content: Content | string }): Content => (typeof row.content === 'string' ? (JSON.parse(row.content) as Content) : row.content);
