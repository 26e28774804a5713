import type { Knex } from 'knex';
import { migrate } from '@circuit/shared/db/migrations';
import type { ListingKindName, ReminderKind, ScheduledListing, ScheduleChange } from './reminder-rules';

/**
 * The reminders' tables, all on the command side (never the read models):
 * - reminder_listings: each listing's moments (start, registration deadline, submission deadline),
 *   kept from the feed by ReminderSchedule;
 * - reminder_savers: who saved which listing (the save streams are one per user and listing);
 * - reminder_deliveries: one row per reminder to one person, inserted to claim it (its id is the
 *   primary key, so of two timers exactly one gets it) and marked sent once the notification and the
 *   mail went out;
 * - reminder_moments_done: a listing's reminder of one kind at one moment, handed to everyone it is for.
 */
export const LISTINGS = 'reminder_listings';
export const SAVERS = 'reminder_savers';
export const DELIVERIES = 'reminder_deliveries';
export const MOMENTS_DONE = 'reminder_moments_done';

export async function migrateReminders(knex: Knex): Promise<void> {
  await migrate(knex, 'reminders', [
    {
      name: '001_reminder_tables',
      up: async (k) => {
        await k.schema.createTable(LISTINGS, (t) => {
          t.text('listing_kind').notNullable();
          t.text('listing_id').notNullable();
          t.text('title').notNullable();
          t.text('username').notNullable();
          t.text('created_by').notNullable();
          t.timestamp('starts_at', { useTz: true }).nullable().index();
          t.timestamp('registration_deadline', { useTz: true }).nullable().index();
          t.timestamp('ends_at', { useTz: true }).nullable();
          t.timestamp('setup_submission_deadline', { useTz: true }).nullable();
          t.primary(['listing_kind', 'listing_id']);
        });
        await k.schema.createTable(SAVERS, (t) => {
          t.text('listing_kind').notNullable();
          t.text('listing_id').notNullable();
          t.text('user_id').notNullable();
          t.primary(['listing_kind', 'listing_id', 'user_id']);
        });
        await k.schema.createTable(DELIVERIES, (t) => {
          t.text('reminder_id').primary();
          t.text('kind').notNullable();
          t.text('listing_kind').notNullable();
          t.text('listing_id').notNullable();
          t.text('user_id').notNullable();
          t.timestamp('due_at', { useTz: true }).notNullable();
          t.timestamp('target_at', { useTz: true }).notNullable();
          t.timestamp('claimed_at', { useTz: true }).notNullable();
          t.timestamp('sent_at', { useTz: true }).nullable();
          t.index(['sent_at', 'claimed_at']);
        });
        await k.schema.createTable(MOMENTS_DONE, (t) => {
          t.text('listing_kind').notNullable();
          t.text('listing_id').notNullable();
          t.text('kind').notNullable();
          t.timestamp('due_at', { useTz: true }).notNullable();
          t.primary(['listing_kind', 'listing_id', 'kind', 'due_at']);
        });
      },
    },
  ]);
}

/** Writes one change into the schedule's tables; each is a set-to-state (an upsert or a delete), so a replay leaves the same rows. */
export async function applyScheduleChange(knex: Knex, change: ScheduleChange): Promise<void> {
  switch (change.type) {
    case 'listing': {
      const l = change.listing;
      const row = { listing_kind: l.listingKind, listing_id: l.listingId, title: l.title, username: l.username, created_by: l.createdBy, starts_at: l.startsAt, registration_deadline: l.registrationDeadline, ends_at: l.endsAt };
      // An edit carries no creator: the one of the creation stays.
      const columns = Object.keys(row).filter((column) => l.createdBy !== '' || column !== 'created_by');
      await knex(LISTINGS).insert(row).onConflict(['listing_kind', 'listing_id']).merge(columns);
      return;
    }
    case 'removed':
      await knex(LISTINGS).where({ listing_kind: change.listingKind, listing_id: change.listingId }).delete();
      return;
    case 'submission-deadline':
      await knex(LISTINGS).where({ listing_kind: 'hackathon', listing_id: change.hackathonId }).update({ setup_submission_deadline: change.deadline });
      return;
    case 'saved': {
      const key = { listing_kind: change.listingKind, listing_id: change.listingId, user_id: change.userId };
      if (change.saved) await knex(SAVERS).insert(key).onConflict(['listing_kind', 'listing_id', 'user_id']).ignore();
      else await knex(SAVERS).where(key).delete();
      return;
    }
  }
}

interface ListingRow {
  listing_kind: ListingKindName;
  listing_id: string;
  title: string;
  username: string;
  created_by: string;
  starts_at: Date | string | null;
  registration_deadline: Date | string | null;
  ends_at: Date | string | null;
  setup_submission_deadline: Date | string | null;
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

function scheduledOf(row: ListingRow): ScheduledListing {
  return {
    listingKind: row.listing_kind,
    listingId: row.listing_id,
    title: row.title,
    username: row.username,
    createdBy: row.created_by,
    startsAt: iso(row.starts_at),
    registrationDeadline: iso(row.registration_deadline),
    submissionDeadline: row.listing_kind === 'hackathon' ? iso(row.setup_submission_deadline ?? row.ends_at) : null,
  };
}

/** The listings with a moment a reminder may be due for now (from 49 hours ahead back to now). */
export async function listingsNear(knex: Knex, now: Date): Promise<ScheduledListing[]> {
  const from = now.toISOString();
  const to = new Date(now.getTime() + 49 * 60 * 60 * 1000).toISOString();
  const rows = (await knex(LISTINGS)
    .whereBetween('starts_at', [from, to])
    .orWhereBetween('registration_deadline', [from, to])
    .orWhereBetween('setup_submission_deadline', [from, to])
    .orWhere((q) => q.whereNull('setup_submission_deadline').whereBetween('ends_at', [from, to]))) as ListingRow[];
  return rows.map(scheduledOf);
}

export async function scheduledListing(knex: Knex, listingKind: string, listingId: string): Promise<ScheduledListing | null> {
  const row = (await knex(LISTINGS).where({ listing_kind: listingKind, listing_id: listingId }).first()) as ListingRow | undefined;
  return row ? scheduledOf(row) : null;
}

export async function saversOf(knex: Knex, listingKind: ListingKindName, listingId: string): Promise<string[]> {
  const rows = (await knex(SAVERS).where({ listing_kind: listingKind, listing_id: listingId }).select('user_id')) as { user_id: string }[];
  return rows.map((r) => r.user_id);
}

/** One reminder to one person, as claimed. */
export interface Delivery {
  reminderId: string;
  kind: ReminderKind;
  listingKind: ListingKindName;
  listingId: string;
  userId: string;
  dueAt: string;
  targetAt: string;
}

interface DeliveryRow {
  reminder_id: string;
  kind: ReminderKind;
  listing_kind: ListingKindName;
  listing_id: string;
  user_id: string;
  due_at: Date | string;
  target_at: Date | string;
}

const deliveryOf = (r: DeliveryRow): Delivery => ({
  reminderId: r.reminder_id,
  kind: r.kind,
  listingKind: r.listing_kind,
  listingId: r.listing_id,
  userId: r.user_id,
  dueAt: new Date(r.due_at).toISOString(),
  targetAt: new Date(r.target_at).toISOString(),
});

/** Claims the reminder: true for the one caller whose insert made the row. */
export async function claim(knex: Knex, d: Delivery, now: Date): Promise<boolean> {
  const inserted = await knex(DELIVERIES)
    .insert({ reminder_id: d.reminderId, kind: d.kind, listing_kind: d.listingKind, listing_id: d.listingId, user_id: d.userId, due_at: d.dueAt, target_at: d.targetAt, claimed_at: now.toISOString() })
    .onConflict('reminder_id')
    .ignore()
    .returning('reminder_id');
  return inserted.length === 1;
}

/**
 * Claims again the reminders claimed more than `leaseMs` ago and never marked sent (the claimer
 * stopped between the claim and the record), while they are still worth sending: one statement,
 * so of two timers only one gets each.
 */
export async function reclaimStale(knex: Knex, now: Date, leaseMs: number, graceMs: number): Promise<Delivery[]> {
  const rows = (await knex(DELIVERIES)
    .whereNull('sent_at')
    .where('claimed_at', '<', new Date(now.getTime() - leaseMs).toISOString())
    .where('due_at', '>', new Date(now.getTime() - graceMs).toISOString())
    .where('target_at', '>', now.toISOString())
    .update({ claimed_at: now.toISOString() })
    .returning(['reminder_id', 'kind', 'listing_kind', 'listing_id', 'user_id', 'due_at', 'target_at'])) as DeliveryRow[];
  return rows.map(deliveryOf);
}

export async function markSent(knex: Knex, reminderId: string, now: Date): Promise<void> {
  await knex(DELIVERIES).where({ reminder_id: reminderId }).update({ sent_at: now.toISOString() });
}

export async function momentDone(knex: Knex, listing: Pick<ScheduledListing, 'listingKind' | 'listingId'>, kind: ReminderKind, dueAt: string): Promise<boolean> {
  const row: unknown = await knex(MOMENTS_DONE).where({ listing_kind: listing.listingKind, listing_id: listing.listingId, kind, due_at: dueAt }).first('kind');
  return row !== undefined;
}

export async function markMomentDone(knex: Knex, listing: Pick<ScheduledListing, 'listingKind' | 'listingId'>, kind: ReminderKind, dueAt: string): Promise<void> {
  await knex(MOMENTS_DONE).insert({ listing_kind: listing.listingKind, listing_id: listing.listingId, kind, due_at: dueAt }).onConflict(['listing_kind', 'listing_id', 'kind', 'due_at']).ignore();
}

/** The reminders claimed and not yet recorded as sent while still worth sending (what reclaimStale may take again), and the earliest due of them. */
export async function unsentClaims(knex: Knex, now: Date, graceMs: number): Promise<{ count: number; earliestDueAt: string | null }> {
  const row = (await knex(DELIVERIES)
    .whereNull('sent_at')
    .where('due_at', '>', new Date(now.getTime() - graceMs).toISOString())
    .where('target_at', '>', now.toISOString())
    .first(knex.raw('count(*)::int as count'), knex.raw('min(due_at) as earliest'))) as { count: number | string; earliest: Date | string | null };
  return { count: Number(row.count), earliestDueAt: iso(row.earliest) };
}
