import type { Knex } from 'knex';
import type { z } from 'zod';
import type { RecordedEvent } from '@circuit/shared/ports/event-store';
import type { Projection } from '../runner/projection';
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
  /** The columns the listing's content fills, on create and on every edit. */
  contentColumns(trx: Knex, content: Content): Row;
  /** Columns a new listing starts with that its edits leave alone. */
  createdColumns?: Row;
  /** Tables beside the saves whose rows of a listing go with it (matched on the id column). */
  deletedWith?: readonly string[];
}

/** The listing lifecycle of one kind: create, edit (resubmits a rejected listing), delete, review, feature, save. */
export interface ListingLifecycle {
  /** The lifecycle's event types of this kind, in the order of STAGES. */
  readonly eventTypes: readonly string[];
  /** Applies `event` when it is one of the lifecycle's and answers whether it was. */
  apply(trx: Knex.Transaction, event: RecordedEvent): Promise<boolean>;
}

export function listingLifecycle<Singular extends string, Content>(kind: ListingRowsKind<Singular, Content>): ListingLifecycle {
  const { table, savesTable, idColumn, idField, eventPrefix } = kind.names;
  const handlers = new Map<string, (trx: Knex.Transaction, data: unknown) => Promise<void>>();
  const idOf = (data: Record<`${Singular}Id`, string>): string => data[idField];

  function on<S extends Stage>(stage: S, write: (trx: Knex.Transaction, id: string, data: LifecycleData<Content>[S]) => PromiseLike<unknown>): void {
    // The mapped type cannot be indexed by a generic stage: the key is built as its type says.
    const schemas = kind.schemas as Partial<Record<string, StageSchema<`${Singular}Id`, Content, S>>>;
    const schema = schemas[`${eventPrefix}${stage}`];
    if (!schema) return;
    handlers.set(`${eventPrefix}${stage}`, async (trx, raw) => {
      const data = schema.parse(raw);
      await write(trx, idOf(data), data);
    });
  }

  on('Created', (trx, id, d) =>
    trx(table)
      .insert({ id, status: 'pending', created_by: d.createdBy, created_at: d.at, updated_at: d.at, ...kind.createdColumns, ...kind.contentColumns(trx, d.content) })
      .onConflict('id')
      .ignore(),
  );
  on('Updated', async (trx, id, d) => {
    await trx(table).where({ id }).update({ ...kind.contentColumns(trx, d.content), updated_at: d.at });
    // An edit of a rejected listing resubmits it (the decider does the same).
    await trx(table).where({ id, status: 'rejected' }).update({ status: 'pending', rejection_reason: null });
  });
  on('Deleted', async (trx, id) => {
    await trx(table).where({ id }).del();
    for (const rows of [savesTable, ...(kind.deletedWith ?? [])]) await trx(rows).where({ [idColumn]: id }).del();
  });
  on('Approved', (trx, id, d) => trx(table).where({ id }).update({ status: 'accepted', rejection_reason: null, updated_at: d.at }));
  on('Rejected', (trx, id, d) => trx(table).where({ id }).update({ status: 'rejected', rejection_reason: d.reason, updated_at: d.at }));
  on('FeatureChanged', (trx, id, d) => trx(table).where({ id }).update({ is_featured: d.isFeatured }));
  on('Saved', (trx, id, d) => trx(savesTable).insert({ [idColumn]: id, user_id: d.userId, saved_at: d.at }).onConflict(['user_id', idColumn]).ignore());
  on('Unsaved', (trx, id, d) => trx(savesTable).where({ [idColumn]: id, user_id: d.userId }).del());

  return {
    eventTypes: STAGES.map((stage) => `${eventPrefix}${stage}`).filter((type) => handlers.has(type)),
    async apply(trx, event) {
      const handle = handlers.get(event.type);
      if (handle) await handle(trx, event.data);
      return Boolean(handle);
    },
  };
}

/** A handler of one of a kind's own events, given the state its batch keeps. */
export type KindEventHandler<Batch> = (trx: Knex.Transaction, event: RecordedEvent, batch: Batch) => Promise<void>;

/**
 * A listing kind's projection: the lifecycle above on its listing and saves tables, and the kind's
 * own events (registrations, attempts, ...) on its own tables. Events of one batch are applied in
 * feed order; a listing changes a few times in its life, so one statement per event is cheap here.
 */
export interface ListingProjectionDefinition<Singular extends string, Content, Batch> {
  rows: ListingRowsKind<Singular, Content>;
  /** The kind's own tables, after the listing's and its saves'. */
  ownTables: readonly string[];
  /** Every type the projection reads, when more than the lifecycle's and those of `on` (the feed's order otherwise). */
  eventTypes?: readonly string[];
  on: Readonly<Record<string, KindEventHandler<Batch>>>;
  /** The state a batch starts with, and what is done with it once all its events are applied. */
  batch?: { start(): Batch; finish(trx: Knex.Transaction, batch: Batch): Promise<void> };
}

export function listingProjection<Singular extends string, Content, Batch = undefined>(definition: ListingProjectionDefinition<Singular, Content, Batch>): Projection {
  const { names } = definition.rows;
  const lifecycle = listingLifecycle(definition.rows);
  return {
    name: names.table,
    tables: [names.table, names.savesTable, ...definition.ownTables],
    eventTypes: definition.eventTypes ?? [...lifecycle.eventTypes, ...Object.keys(definition.on)],
    async applyBatch(trx: Knex.Transaction, events: RecordedEvent[]) {
      // A definition without `batch` has the default Batch, undefined: what an absent start gives.
      const batch = definition.batch?.start() as Batch;
      for (const event of events) {
        if (await lifecycle.apply(trx, event)) continue;
        if (Object.hasOwn(definition.on, event.type)) await definition.on[event.type]?.(trx, event, batch);
      }
      await definition.batch?.finish(trx, batch);
    },
  };
}

/** What every listing's content has that its table keeps in columns. */
interface ListingContent {
  title: string;
  dates: { startDate: string; endDate: string };
}

/** The columns every kind fills alike from its content: title, dates, the search vector and the detail's JSON. */
export function listingContentColumns(trx: Knex, content: ListingContent, searchText: string) {
  return {
    title: content.title,
    start_date: content.dates.startDate,
    end_date: content.dates.endDate,
    search: trx.raw(`to_tsvector('simple', ?)`, [searchText]),
    content: JSON.stringify(content),
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

/** The columns of an organised listing's content that the shared list filters read (listing-filters.ts). */
export function organisedContentColumns(trx: Knex, content: OrganisedContent, searchText: string) {
  return {
    ...listingContentColumns(trx, content, searchText),
    username: content.username,
    organization_name: content.organization.name,
    // A hackathon's form may leave the type empty, which lists as online; an event's always has one.
    location_type: content.location.type || 'online',
    country: content.location.country,
    state: content.location.state,
    registration_deadline: content.dates.registrationDeadline,
  };
}
