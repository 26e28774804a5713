import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { migrate } from '../db/migrations';
import type { MasterKey } from './master-key';

const TABLE = 'personal_data_keys';
/** A data key unwrapped once is kept this long: an erasure seen on the feed forgets it at once in every process that follows the feed. */
const CACHE_MS = 60_000;
const CACHE_MAX = 50_000;

/** A person's data key, or the mark that it was destroyed (the person was erased). */
export type SubjectKey = { key: Buffer } | { erased: true };

interface KeyRow {
  subject_id: string;
  wrapped_key: string | null;
}

/**
 * One AES-256 data key per person (docs/personal-data.md), wrapped by the master key, in `personal_data_keys`.
 * Destroying a key (erasure) leaves the row with no key and the time it went: what was encrypted with it can no
 * longer be read by anyone, and nothing new is ever encrypted for that person again.
 */
export class SubjectKeys {
  private readonly cache = new Map<string, { key: Buffer; until: number }>();
  private readonly erased = new Set<string>();

  private constructor(
    private readonly knex: Knex,
    private readonly master: MasterKey,
    private readonly now: () => number,
  ) {}

  static async create(knex: Knex, master: MasterKey, options: { now?: () => number } = {}): Promise<SubjectKeys> {
    await migrate(knex, 'personal_data', [
      {
        name: '001_personal_data_keys',
        up: async (k) => {
          await k.schema.createTable(TABLE, (t) => {
            t.text('subject_id').primary();
            t.text('wrapped_key').nullable();
            t.text('master_key_id').notNullable();
            t.timestamp('created_at', { useTz: true }).notNullable();
            t.timestamp('erased_at', { useTz: true }).nullable();
          });
        },
      },
    ]);
    return new SubjectKeys(knex, master, options.now ?? Date.now);
  }

  /** The keys of these people as far as they exist; `create` makes the missing ones (appends do, reads never). */
  async keysOf(subjects: Iterable<string>, options: { create: boolean }): Promise<Map<string, SubjectKey>> {
    const found = new Map<string, SubjectKey>();
    const missing: string[] = [];
    const now = this.now();
    for (const subject of new Set(subjects)) {
      if (this.erased.has(subject)) found.set(subject, { erased: true });
      else {
        const hit = this.cache.get(subject);
        if (hit && hit.until > now) found.set(subject, { key: hit.key });
        else missing.push(subject);
      }
    }
    if (missing.length === 0) return found;
    for (const [subject, key] of await this.load(missing, options.create)) found.set(subject, key);
    return found;
  }

  /** Destroys the person's key for ever (idempotent); true when this call destroyed it. */
  async destroy(subject: string, at: Date): Promise<boolean> {
    const inserted = await this.knex(TABLE)
      .insert({ subject_id: subject, wrapped_key: null, master_key_id: this.master.id, created_at: at, erased_at: at })
      .onConflict('subject_id')
      .ignore()
      .returning('subject_id');
    const updated = inserted.length > 0 ? 0 : await this.knex(TABLE).where({ subject_id: subject }).whereNull('erased_at').update({ wrapped_key: null, erased_at: at });
    this.forget(subject, { erased: true });
    return inserted.length > 0 || updated > 0;
  }

  /** Drops a cached key: an erasure seen on the feed (`erased`) is remembered for good. */
  forget(subject: string, options: { erased: boolean }): void {
    this.cache.delete(subject);
    if (options.erased) this.erased.add(subject);
  }

  async isErased(subject: string): Promise<boolean> {
    const key = (await this.keysOf([subject], { create: false })).get(subject);
    return key !== undefined && 'erased' in key;
  }

  /** One query for all the keys a page of events needs (a rebuild reads thousands of people's), one insert for the new ones. */
  private async load(subjects: string[], create: boolean): Promise<Map<string, SubjectKey>> {
    const loaded = new Map<string, SubjectKey>();
    let rows = await this.rows(subjects);
    if (create && rows.length < subjects.length) {
      const have = new Set(rows.map((r) => r.subject_id));
      const created = new Date(this.now());
      const fresh = await Promise.all(
        subjects.filter((s) => !have.has(s)).map(async (subject) => ({ subject_id: subject, wrapped_key: (await this.master.wrap(crypto.randomBytes(32))).toString('base64'), master_key_id: this.master.id, created_at: created })),
      );
      // Two appends for a new person at once: one insert wins and both read its key.
      await this.knex(TABLE).insert(fresh).onConflict('subject_id').ignore();
      rows = await this.rows(subjects);
    }
    for (const row of rows) {
      if (row.wrapped_key === null) {
        this.forget(row.subject_id, { erased: true });
        loaded.set(row.subject_id, { erased: true });
        continue;
      }
      const key = await this.master.unwrap(Buffer.from(row.wrapped_key, 'base64'));
      if (this.cache.size >= CACHE_MAX) this.cache.delete(this.cache.keys().next().value!);
      this.cache.set(row.subject_id, { key, until: this.now() + CACHE_MS });
      loaded.set(row.subject_id, { key });
    }
    return loaded;
  }

  private async rows(subjects: string[]): Promise<KeyRow[]> {
    const rows: KeyRow[] = [];
    // Bounded IN lists: a page of the feed can name many people.
    for (let i = 0; i < subjects.length; i += 1000) {
      rows.push(...((await this.knex<KeyRow>(TABLE).whereIn('subject_id', subjects.slice(i, i + 1000)).select('subject_id', 'wrapped_key')) as KeyRow[]));
    }
    return rows;
  }
}
