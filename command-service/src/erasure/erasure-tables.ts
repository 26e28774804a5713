import type { Knex } from 'knex';
import { migrate } from '@circuit/shared/db/migrations';

export const ERASURE_UPLOADS = 'erasure_uploads';
export const UNVERIFIED_SIGN_UPS = 'unverified_sign_ups';

/**
 * What erasure needs to know that no stream says at once, filled from the feed by ErasureProcessManager:
 * the uploads each person put in (profile pictures, portfolio projects' images), and the sign-ups still unverified.
 */
export async function migrateErasureTables(knex: Knex): Promise<void> {
  await migrate(knex, 'erasure', [
    {
      name: '001_erasure_tables',
      up: async (k) => {
        await k.schema.createTable(ERASURE_UPLOADS, (t) => {
          t.text('user_id').notNullable();
          t.text('url').notNullable();
          t.primary(['user_id', 'url']);
        });
        await k.schema.createTable(UNVERIFIED_SIGN_UPS, (t) => {
          t.text('user_id').primary();
          t.timestamp('registered_at', { useTz: true }).notNullable().index();
        });
      },
    },
  ]);
}

export async function rememberUpload(knex: Knex, userId: string, url: string): Promise<void> {
  await knex(ERASURE_UPLOADS).insert({ user_id: userId, url }).onConflict(['user_id', 'url']).ignore();
}

export async function uploadsOf(knex: Knex, userId: string): Promise<string[]> {
  return ((await knex(ERASURE_UPLOADS).where({ user_id: userId }).select('url')) as { url: string }[]).map((r) => r.url);
}

export async function forgetUploadsOf(knex: Knex, userId: string): Promise<void> {
  await knex(ERASURE_UPLOADS).where({ user_id: userId }).del();
}

export async function rememberUnverified(knex: Knex, userId: string, registeredAt: string): Promise<void> {
  await knex(UNVERIFIED_SIGN_UPS).insert({ user_id: userId, registered_at: registeredAt }).onConflict('user_id').ignore();
}

export async function forgetUnverified(knex: Knex, userId: string): Promise<void> {
  await knex(UNVERIFIED_SIGN_UPS).where({ user_id: userId }).del();
}

export async function unverifiedBefore(knex: Knex, cutoff: Date, limit: number): Promise<string[]> {
  const rows = (await knex(UNVERIFIED_SIGN_UPS).where('registered_at', '<', cutoff).orderBy('registered_at').limit(limit).select('user_id')) as { user_id: string }[];
  return rows.map((r) => r.user_id);
}
