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
  private readonly loading = new Map<string, Promise<SubjectKey | undefined>>();

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
    const loaded = await Promise.all(missing.map((subject) => this.load(subject, options.create)));
    missing.forEach((subject, i) => {
      const key = loaded[i];
      if (key) found.set(subject, key);
    });
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

  private load(subject: string, create: boolean): Promise<SubjectKey | undefined> {
    const pending = this.loading.get(subject);
    if (pending) return pending.then((key) => (key || !create ? key : this.load(subject, create)));
    const loading = this.fetch(subject, create).finally(() => this.loading.delete(subject));
    this.loading.set(subject, loading);
    return loading;
  }

  private async fetch(subject: string, create: boolean): Promise<SubjectKey | undefined> {
    let row = (await this.knex<KeyRow>(TABLE).where({ subject_id: subject }).first('subject_id', 'wrapped_key')) as KeyRow | undefined;
    if (!row && create) {
      const wrapped = (await this.master.wrap(crypto.randomBytes(32))).toString('base64');
      // Two appends for a new person at once: one insert wins and both read its key.
      await this.knex(TABLE).insert({ subject_id: subject, wrapped_key: wrapped, master_key_id: this.master.id, created_at: new Date(this.now()) }).onConflict('subject_id').ignore();
      row = (await this.knex<KeyRow>(TABLE).where({ subject_id: subject }).first('subject_id', 'wrapped_key')) as KeyRow | undefined;
    }
    if (!row) return undefined;
    if (row.wrapped_key === null) {
      this.forget(subject, { erased: true });
      return { erased: true };
    }
    const key = await this.master.unwrap(Buffer.from(row.wrapped_key, 'base64'));
    if (this.cache.size >= CACHE_MAX) this.cache.delete(this.cache.keys().next().value!);
    this.cache.set(subject, { key, until: this.now() + CACHE_MS });
    return { key };
  }
}
