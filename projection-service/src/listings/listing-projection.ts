import type { Knex } from 'knex';
import type { z } from 'zod';
import type { RecordedEvent } from '@circuit/shared/ports/event-store';
import type { Projection } from '../runner/projection';
import { BatchRows } from '../runner/batch-rows';
import { TableChanges } from '../runner/table-changes';
import type { ListingNames } from './listing-kind';

type Row = Record<string, unknown>;

/** What each lifecycle event of a listing carries besides the listing's id. */
interface LifecycleData<Content> {
  Created: { createdBy: string; content: Content; at: string };
  Updated: { content: Content; at: string };
  Deleted: object;
  Approved: { at: string };
  Rejected: { reason: string; at: string };
  FeatureChanged: { isFeatured: boolean };
  Saved: { userId: string; at: string };
  Unsaved: { userId: string };
}
type Stage = keyof LifecycleData<unknown>;
/** Only hackathons are featured by an event of their own today. */
type OptionalStage = 'FeatureChanged';
/** The order the stages are declared in (a projection's `eventTypes` keep it). */
const STAGES: readonly Stage[] = ['Created', 'Updated', 'Deleted', 'Approved', 'Rejected', 'FeatureChanged', 'Saved', 'Unsaved'];

type StageSchema<Id extends string, Content, S extends Stage> = z.ZodType<Record<Id, string> & LifecycleData<Content>[S]>;

/** A kind's lifecycle event schemas under the kind's own names: `HackathonCreated`, `EventApproved`, ... */
export type LifecycleSchemas<Prefix extends string, Id extends string, Content> = {
  [S in Exclude<Stage, OptionalStage> as `${Prefix}${S}`]: StageSchema<Id, Content, S>;
} & {
  [S in OptionalStage as `${Prefix}${S}`]?: StageSchema<Id, Content, S>;
};

/** The definition of one kind's listing rows: its names, its events, and how its content fills the row. */
export interface ListingRowsKind<Singular extends string, Content> {
  names: ListingNames<Singular>;
  schemas: LifecycleSchemas<Capitalize<Singular>, `${Singular}Id`, Content>;
  /** The columns the listing's content fills, on create and on every edit (`search`: its text, made a tsvector in SQL). */
  contentColumns(content: Content): Row;
  /** Columns a new listing starts with that its edits leave alone (with a value for each of `readColumns`). */
  createdColumns?: Row;
  /** Columns of a listing the kind's own events read (its counts...), beside its id and status. */
  readColumns?: readonly string[];
  /**
   * Columns under a unique index that an edit may hand from one listing to another (a slug):
   * where edits of one batch rename several listings, those are renamed out of the way first.
   */
  uniqueColumns?: readonly string[];
}

/** The listings of one batch as the kind's own events see them: as they stand at that point of the batch. */
export interface BatchListings {
  /** The listing's id, status and the kind's readColumns; undefined when there is none (not yet, or no longer). */
  get(id: string): Readonly<Row> | undefined;
  /** Sets columns of the listing, where there is one. */
  update(id: string, fields: Row): void;
}

/** The listing lifecycle of one batch: its listings read up front, its events folded in, its rows written once. */
export interface LifecycleBatch {
  readonly listings: BatchListings;
  /** Folds `event` in when it is one of the lifecycle's and answers whether it was. */
  fold(event: RecordedEvent): boolean;
  flush(trx: Knex.Transaction): Promise<void>;
}

/** The listing lifecycle of one kind: create, edit (resubmits a rejected listing), delete, review, feature, save. */
export interface ListingLifecycle {
  /** The lifecycle's event types of this kind, in the order of STAGES. */
  readonly eventTypes: readonly string[];
  /**
   * Starts a batch of `events` (of this projection): reads the listings they name, in one
   * statement. `deleted` is told of each listing deleted, in feed order.
   */
  start(trx: Knex.Transaction, events: readonly RecordedEvent[], deleted?: (id: string) => void): Promise<LifecycleBatch>;
}

/** The search vector of every kind, from the text its content columns carry under `search`. */
const SEARCH = { search: (text: string) => `to_tsvector('simple', ${text})` };

/** A value of a unique text column that no listing has: a space (which slugs never hold) and the listing's id. */
const outOfTheWay = (id: unknown) => ` ${String(id)}`;

export function listingLifecycle<Singular extends string, Content>(kind: ListingRowsKind<Singular, Content>): ListingLifecycle {
  const { table, savesTable, idColumn, idField, eventPrefix } = kind.names;
  const unique = kind.uniqueColumns ?? [];
  const columns = ['status', ...(kind.readColumns ?? []), ...unique];
  type Fold = (state: Folding, data: unknown) => void;
  interface Folding {
    listings: BatchRows;
    saves: TableChanges;
    deleted?: (id: string) => void;
  }
  const handlers = new Map<string, Fold>();
  /** The lifecycle's events that do not read their listing (a save needs no round trip to read it). */
  const savesOnly: ReadonlySet<string> = new Set([`${eventPrefix}Saved`, `${eventPrefix}Unsaved`]);
  const idOf = (data: Record<`${Singular}Id`, string>): string => data[idField];

  function on<S extends Stage>(stage: S, fold: (state: Folding, id: string, data: LifecycleData<Content>[S]) => void): void {
    // The mapped type cannot be indexed by a generic stage: the key is built as its type says.
    const schemas = kind.schemas as Partial<Record<string, StageSchema<`${Singular}Id`, Content, S>>>;
    const schema = schemas[`${eventPrefix}${stage}`];
    if (!schema) return;
    handlers.set(`${eventPrefix}${stage}`, (state, raw) => {
      const data = schema.parse(raw);
      fold(state, idOf(data), data);
    });
  }

  on('Created', ({ listings }, id, d) =>
    listings.insert({ id, status: 'pending', rejection_reason: null, created_by: d.createdBy, created_at: d.at, updated_at: d.at, ...kind.createdColumns, ...kind.contentColumns(d.content) }),
  );
  on('Updated', ({ listings }, id, d) => {
    // An edit of a rejected listing resubmits it (the decider does the same).
    const resubmits = listings.get({ id })?.status === 'rejected' ? { status: 'pending', rejection_reason: null } : {};
    listings.update({ id }, { ...kind.contentColumns(d.content), updated_at: d.at, ...resubmits });
  });
  on('Deleted', ({ listings, saves, deleted }, id) => {
    listings.delete({ id });
    saves.deleteAll({ [idColumn]: id });
    deleted?.(id);
  });
  on('Approved', ({ listings }, id, d) => listings.update({ id }, { status: 'accepted', rejection_reason: null, updated_at: d.at }));
  on('Rejected', ({ listings }, id, d) => listings.update({ id }, { status: 'rejected', rejection_reason: d.reason, updated_at: d.at }));
  on('FeatureChanged', ({ listings }, id, d) => listings.update({ id }, { is_featured: d.isFeatured }));
  on('Saved', ({ saves }, id, d) => saves.insert({ [idColumn]: id, user_id: d.userId, saved_at: d.at }));
  on('Unsaved', ({ saves }, id, d) => saves.delete({ [idColumn]: id, user_id: d.userId }));

  /** Renames out of the way the listings whose patches move a unique value, when more than one does (two may swap). */
  async function clearMovedUniques(trx: Knex.Transaction, patches: Row[], before: ReadonlyMap<string, Row>): Promise<void> {
    for (const column of unique) {
      const lower = (v: unknown) => (typeof v === 'string' ? v.toLowerCase() : v);
      const moved = patches.filter((p) => p[column] !== undefined && lower(p[column]) !== lower(before.get(String(p.id))?.[column]));
      if (moved.length < 2) continue;
      const away = new TableChanges(table, ['id']);
      for (const p of moved) away.patch({ id: p.id }, { [column]: outOfTheWay(p.id) });
      await away.flushPatches(trx);
    }
  }

  return {
    eventTypes: STAGES.map((stage) => `${eventPrefix}${stage}`).filter((type) => handlers.has(type)),
    async start(trx, events, deleted) {
      const listings = new BatchRows(table, ['id'], SEARCH);
      const ids = new Set<string>();
      for (const event of events) {
        if (savesOnly.has(event.type)) continue;
        const id = (event.data as Partial<Record<string, unknown>> | null)?.[idField];
        if (typeof id === 'string') ids.add(id);
      }
      await listings.load(
        trx,
        [...ids].map((id) => ({ id })),
        columns,
      );
      // The unique values as they were before the batch, to tell which patches move them.
      const before = new Map<string, Row>();
      if (unique.length > 0) for (const id of ids) before.set(id, { ...listings.get({ id }) });
      const state: Folding = { listings, saves: new TableChanges(savesTable, ['user_id', idColumn]), deleted };
      return {
        listings: { get: (id) => listings.get({ id }), update: (id, fields) => void listings.update({ id }, fields) },
        fold(event) {
          const fold = handlers.get(event.type);
          fold?.(state, event.data);
          return Boolean(fold);
        },
        async flush(trx) {
          await listings.flush(trx, (patches) => clearMovedUniques(trx, patches, before));
          await state.saves.flush(trx);
        },
      };
    },
  };
}

/** A handler of one of a kind's own events: folds it into the state of its batch. */
export type KindEventHandler<Batch> = (event: RecordedEvent, batch: Batch) => void;

/**
 * A listing kind's projection: the lifecycle above on its listing and saves tables, and the kind's
 * own events (registrations, attempts, ...) on its own tables. A batch reads what it needs once
 * (the listings its events name, and what the kind's `start` reads), folds its events into that
 * state in feed order, then writes each table with a few set-based statements: the number of
 * statements does not grow with the batch.
 */
export interface ListingProjectionDefinition<Singular extends string, Content, Batch> {
  rows: ListingRowsKind<Singular, Content>;
  /** The kind's own tables, after the listing's and its saves'. */
  ownTables: readonly string[];
  /** Every type the projection reads, when more than the lifecycle's and those of `on` (the feed's order otherwise). */
  eventTypes?: readonly string[];
  on: Readonly<Record<string, KindEventHandler<Batch>>>;
  batch: {
    /** The state a batch of `events` starts with: what the kind's events need of its tables is read here, once. */
    start(trx: Knex.Transaction, events: readonly RecordedEvent[], listings: BatchListings): Promise<Batch> | Batch;
    /** What a deleted listing takes with it of the kind's tables, at that point of the batch. */
    deleted?(batch: Batch, id: string): void;
    /** Writes the batch's changes of the kind's tables (after the listings'). */
    finish(trx: Knex.Transaction, batch: Batch): Promise<void>;
  };
}

export function listingProjection<Singular extends string, Content, Batch>(definition: ListingProjectionDefinition<Singular, Content, Batch>): Projection {
  const { names } = definition.rows;
  const lifecycle = listingLifecycle(definition.rows);
  const handled = new Set([...lifecycle.eventTypes, ...Object.keys(definition.on)]);
  return {
    name: names.table,
    tables: [names.table, names.savesTable, ...definition.ownTables],
    eventTypes: definition.eventTypes ?? [...lifecycle.eventTypes, ...Object.keys(definition.on)],
    async applyBatch(trx: Knex.Transaction, all: RecordedEvent[]) {
      const events = all.filter((e) => handled.has(e.type));
      if (events.length === 0) return;
      let batch: Batch | undefined;
      const lifecycleBatch = await lifecycle.start(trx, events, (id) => {
        if (batch !== undefined) definition.batch.deleted?.(batch, id);
      });
      batch = await definition.batch.start(trx, events, lifecycleBatch.listings);
      for (const event of events) {
        if (lifecycleBatch.fold(event)) continue;
        if (Object.hasOwn(definition.on, event.type)) definition.on[event.type]?.(event, batch);
      }
      await lifecycleBatch.flush(trx);
      await definition.batch.finish(trx, batch);
    },
  };
}

/** What every listing's content has that its table keeps in columns. */
interface ListingContent {
  title: string;
  dates: { startDate: string; endDate: string };
}

/** The columns every kind fills alike from its content: title, dates, the search vector and the detail's JSON. */
export function listingContentColumns(content: ListingContent, searchText: string) {
  return {
    title: content.title,
    start_date: content.dates.startDate,
    end_date: content.dates.endDate,
    // Made a tsvector in SQL by the statement that writes it (listingLifecycle).
    search: searchText,
    content,
  };
}

/** A listing with an organiser, a place and a registration deadline (hackathons, events). */
interface OrganisedContent extends ListingContent {
  username: string;
  shortDescription: string;
  organization: { name: string };
  location: { type: string; country: string; state: string };
  dates: { startDate: string; endDate: string; registrationDeadline: string };
}

/** The words an organised listing is found by: title, short description, organiser, and the kind's keywords. */
export const organisedSearchText = (content: OrganisedContent, keywords: readonly string[]) => [content.title, content.shortDescription, content.organization.name, ...keywords].join(' ');

/** The organised listing table's unique columns (createOrganisedListingTable): its slug. */
export const ORGANISED_UNIQUE_COLUMNS = ['username'] as const;

/** The columns of an organised listing's content that the shared list filters read (listing-filters.ts). */
export function organisedContentColumns(content: OrganisedContent, searchText: string) {
  return {
    ...listingContentColumns(content, searchText),
    username: content.username,
    organization_name: content.organization.name,
    // A hackathon's form may leave the type empty, which lists as online; an event's always has one.
    location_type: content.location.type || 'online',
    country: content.location.country,
    state: content.location.state,
    registration_deadline: content.dates.registrationDeadline,
  };
}
