import type { Knex } from 'knex';
import { createIndexes, createTable, flags, indexedText, instants, jsonb, optionalText, primaryKey, text, textKey, type Columns } from '../table-columns';
import type { ListingNames } from './listing-kind';

/**
 * The columns and indexes the listing tables of every kind share, for the kinds' migrations. The
 * migrations that use them ran before they were written this way: each helper builds what those
 * migrations built, column for column and index for index, so that existing databases and new
 * ones stay alike.
 */

/** Who created a listing, and the reason of its last rejection (null unless rejected). */
export const AUTHORSHIP: Columns[] = [text('created_by'), optionalText('rejection_reason')];
export const STAMPS: Columns = instants('created_at', 'updated_at');

/** An index of the accepted listings with one filter, latest start first within it. */
export const acceptedListingIndex = (table: string, name: string, expression: string) =>
  `create index ${table}_${name}_idx on ${table} (${expression}, start_date desc) where status = 'accepted'`;
export const searchIndex = (table: string) => `create index ${table}_search_idx on ${table} using gin (search)`;
export const createdByIndex = (table: string) => `create index ${table}_created_by_idx on ${table} (created_by)`;

/** What a kind of organised listing adds to the shared table, each in its place among the shared columns. */
interface OrganisedListingColumns {
  /** The kind's own filters, after the title and organisation. */
  filters: Columns;
  /** Capacity and counts, after the pricing. */
  counts: Columns;
  /** What the search reads, before the content. */
  search: Columns;
  /** The kind's indexes, after the username's and the public order's. */
  indexes: readonly string[];
}

/**
 * The table of a kind of listing with an organiser, a place and a registration deadline
 * (hackathons, events): named, reviewed and featured alike, read by the shared list filters
 * (shared/src/read-models/listing-filters.ts), walked in keyset order by the public list.
 */
export async function createOrganisedListingTable(k: Knex, table: string, kind: OrganisedListingColumns): Promise<void> {
  const place = [text('location_type', 'country', 'state'), instants('start_date', 'end_date', 'registration_deadline'), text('pricing_type')];
  await createTable(k, table, textKey('id'), text('username', 'status', 'title', 'organization_name'), kind.filters, ...place, kind.counts, flags('is_featured'), ...AUTHORSHIP, kind.search, jsonb('content'), STAMPS);
  await createIndexes(k, [
    `create unique index ${table}_username_idx on ${table} (lower(username))`,
    `create index ${table}_public_order_idx on ${table} (start_date desc, id desc) where status = 'accepted'`,
    ...kind.indexes,
    createdByIndex(table),
    `create index ${table}_featured_idx on ${table} (start_date desc) where status = 'accepted' and is_featured`,
  ]);
}

/** Who saved which listing of a kind, and when; `indexListing`: with an index on the listing's id too. */
export async function createSavesTable(k: Knex, names: ListingNames, options: { indexListing?: boolean } = {}): Promise<void> {
  await createTable(k, names.savesTable, (options.indexListing ? indexedText : text)(names.idColumn), text('user_id'), instants('saved_at'), primaryKey('user_id', names.idColumn));
}
