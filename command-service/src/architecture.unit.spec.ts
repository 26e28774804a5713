import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The boundaries of docs/architecture.md, checked on every file so that a new import across one
 * fails here rather than in a review: the domain knows no HTTP, and the write side reads no read model.
 */
const root = path.resolve(__dirname, '../..');

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
}

const importsOf = (file: string) => [...readFileSync(path.join(root, file), 'utf8').matchAll(/^import [^;]*? from '([^']+)';/gms)].map((m) => m[1]!);

describe('architecture', () => {
  it('no decider and nothing in shared/src/commands imports HTTP (express or http/)', () => {
    const domain = [...sourceFiles('command-service/src'), ...sourceFiles('shared/src/commands')].filter(
      (file) => !file.includes('.spec.') && (/-decider\.ts$/.test(file) || file.endsWith('-kind.ts') || file.startsWith('shared/src/commands/')),
    );
    expect(domain.length).toBeGreaterThan(20);
    const offending = domain.flatMap((file) => importsOf(file).filter((from) => from === 'express' || /(^|\/)http\//.test(from)).map((from) => `${file} imports ${from}`));
    expect(offending).toEqual([]);
  });

  it('the command service imports nothing from the read models (it decides from its own streams)', () => {
    const files = sourceFiles('command-service/src').filter((file) => !file.includes('.spec.') && !file.includes('.testkit.'));
    const offending = files.flatMap((file) => importsOf(file).filter((from) => /read-models/.test(from)).map((from) => `${file} imports ${from}`));
    expect(offending).toEqual([]);
  });

  it('only the composition root builds the query client on the read models; the rest of the command service knows the port', () => {
    const files = sourceFiles('command-service/src').filter((file) => !file.includes('.spec.') && !file.includes('.testkit.'));
    const importers = files.filter((file) => importsOf(file).some((from) => from.includes('adapters/query-client/')));
    expect(importers).toEqual(['command-service/src/main.ts']);
  });

  it('the command service reads and writes with knex only the tables the write side and the shared infrastructure create, never a projection table', () => {
    const allowed = tablesCreatedIn([...sourceFiles('command-service/src'), ...sourceFiles('shared/src').filter((file) => !file.startsWith('shared/src/read-models/'))]);
    // What the write side owns, found by the scan (so the check cannot pass by finding nothing).
    expect([...allowed]).toEqual(expect.arrayContaining(['event_store_events', 'idempotency_keys', 'process_manager_checkpoints', 'quiz_open_attempts', 'upload_uses']));
    const files = sourceFiles('command-service/src').filter((file) => !file.includes('.spec.') && !file.includes('.testkit.'));
    const touched = files.flatMap((file) => tablesTouchedBy(readFileSync(path.join(root, file), 'utf8')).map((table) => ({ file, table })));
    expect(touched.length).toBeGreaterThan(10);
    const offending = touched.filter(({ table }) => !allowed.has(table));
    expect(offending.map(({ file, table }) => `${file} touches ${table}`)).toEqual([]);
  });

  it('the table scan sees the ways the command service names a table', () => {
    const snippet = [
      `const ROWS = 'upload_uses';`,
      `await deps.knex('users').where({ id }).first();`,
      `await knex<UserRow>('hackathons as h').select('id');`,
      `await this.deps.knex.select('event_id').from('event_attendees').join('events as e', 'e.id', 'w.event_id');`,
      `await trx(ROWS).insert(row);`,
      "await knex.raw(`select 1 from chat_unread u join user_blocks b on true where exists (select 1 from users)`);",
      "await knex.raw(`insert into ${ROWS} (owner) values (?) on conflict (owner) do update set owner = excluded.owner`);",
    ].join('\n');
    expect(tablesTouchedBy(snippet).sort()).toEqual(['chat_unread', 'event_attendees', 'events', 'hackathons', 'upload_uses', 'upload_uses', 'user_blocks', 'users', 'users'].sort());
  });
});

/** Code without its comments (a comment may name a table in words). */
const withoutComments = (code: string) => code.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');

/** String constants of a file (`const TABLE = 'sessions'`), by name. */
function constantsOf(code: string): Map<string, string> {
  return new Map([...code.matchAll(/\bconst\s+([A-Z][A-Z0-9_]*)\s*=\s*'([a-z_][a-z0-9_]*)'/g)].map((m) => [m[1]!, m[2]!]));
}

/** Tables the files create: schema.createTable('name' | CONSTANT) and `create table if not exists name` in SQL. */
function tablesCreatedIn(files: string[]): Set<string> {
  const tables = new Set<string>();
  for (const file of files.filter((f) => !f.includes('.spec.'))) {
    const code = readFileSync(path.join(root, file), 'utf8');
    const constants = constantsOf(code);
    for (const m of code.matchAll(/createTable\(\s*(?:'([a-z_][a-z0-9_]*)'|([A-Z][A-Z0-9_]*))/g)) tables.add(m[1] ?? constants.get(m[2]!) ?? m[2]!);
    for (const m of code.matchAll(/create table if not exists\s+(?:\$\{([A-Z][A-Z0-9_]*)\}|([a-z_][a-z0-9_]*))/gi)) tables.add(m[2] ?? constants.get(m[1]!) ?? m[1]!);
  }
  return tables;
}

/**
 * The tables a file's knex calls name: `knex('t')`, `deps.knex<Row>('t as x')`, `trx(CONSTANT)`,
 * `.from('t')`, `.join('t as x', ...)`, and `from t` / `join t` / `into t` / `update t` inside the
 * SQL of `.raw(...)`.
 */
function tablesTouchedBy(source: string): string[] {
  const code = withoutComments(source);
  const constants = constantsOf(code);
  const named = (literal: string | undefined, constant: string | undefined) => literal ?? constants.get(constant!) ?? constant!;
  const tables: string[] = [];
  const table = `\\s*(?:'([a-z_][a-z0-9_]*)(?:\\s+as\\s+\\w+)?'|([A-Z][A-Z0-9_]*)\\b)`;
  for (const m of code.matchAll(new RegExp(`\\b(?:knex|trx|k)(?:<[^>()]*>)?\\(${table}`, 'g'))) tables.push(named(m[1], m[2]));
  for (const m of code.matchAll(new RegExp(`\\.(?:from|join|leftJoin|rightJoin|innerJoin|into|table)\\(${table}`, 'g'))) tables.push(named(m[1], m[2]));
  for (const raw of code.matchAll(/\.raw(?:<[^>()]*>)?\(\s*(`[^`]*`|'[^']*')/g)) {
    // `on conflict ... do update set` names no table.
    for (const m of raw[1]!.matchAll(/\b(?:from|join|into|(?<!do\s)update)\s+(?:\$\{([A-Z][A-Z0-9_]*)\}|([a-z_][a-z0-9_]*))/gi)) tables.push(named(m[2], m[1]));
  }
  // Functions and the catalog, not tables.
  return tables.filter((t) => !['jsonb_to_recordset', 'json_populate_recordset', 'jsonb_array_elements', 'unnest', 'generate_series', 'information_schema'].includes(t));
}
