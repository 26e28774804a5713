import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { createGunzip } from 'node:zlib';
import type { Knex } from 'knex';
import { z } from 'zod';
import { continueAfterPosition } from '@circuit/shared/adapters/event-store/postgres-event-store';
import type { MasterKey } from '@circuit/shared/personal-data/master-key';
import { BACKED_UP_TABLES, columnsOf, migrateBackedUpTables } from './backed-up-tables';
import { uploadedFiles } from './write-backup';
import {
  BACKUP_FORMAT,
  BACKUP_VERSION,
  BackupFileSchema,
  BackupHeaderSchema,
  BackupRefused,
  BackupTrailerSchema,
  LineChecksum,
  type BackupFile,
  type BackupHeader,
} from './backup-format';

/** Rows inserted per statement (each its own transaction), and the most text one statement carries. */
const BATCH_ROWS = 2000;
const BATCH_CHARS = 8 * 1024 * 1024;

/** One line of a backup: the header, a table's row (as written), a file, or the trailer. */
type BackupLine = { kind: 'header'; header: BackupHeader } | { kind: 'row'; table: string; line: string } | { kind: 'file'; file: BackupFile } | { kind: 'trailer' };

/**
 * Reads a backup line by line (streamed: a million events never sit in memory) and checks it as
 * it goes: the header, the rows each table's count promises, the files, then the trailer's line
 * count and checksum. A bad or cut file throws BackupRefused, at the latest at its end.
 */
async function* readBackup(file: string): AsyncGenerator<BackupLine> {
  if (!fs.existsSync(file)) throw new BackupRefused(`No backup file at ${file}.`);
  const input = fs.createReadStream(file).pipe(createGunzip());
  const lines = readline.createInterface({ input, crlfDelay: Infinity })[Symbol.asyncIterator]();
  const checksum = new LineChecksum();
  const next = async (what: string): Promise<string> => {
    let result: IteratorResult<string>;
    try {
      result = await lines.next();
    } catch (error) {
      throw new BackupRefused(`${file} is not a readable gzip'd backup (${error instanceof Error ? error.message : String(error)}).`);
    }
    if (result.done) throw new BackupRefused(`${file} ends before ${what}: the file is cut short.`);
    return result.value;
  };
  const parse = <T>(schema: { safeParse(v: unknown): { success: true; data: T } | { success: false } }, line: string, what: string): T => {
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      throw new BackupRefused(`${file}: line ${checksum.lines + 1} should be ${what} and is not JSON.`);
    }
    const parsed = schema.safeParse(value);
    if (!parsed.success) throw new BackupRefused(`${file}: line ${checksum.lines + 1} is not ${what}.`);
    return parsed.data;
  };

  const headerLine = await next('its header');
  const header = parse(BackupHeaderSchema, headerLine, `a ${BACKUP_FORMAT} header of version ${BACKUP_VERSION}`);
  checksum.add(headerLine);
  yield { kind: 'header', header };
  for (const table of header.tables) {
    for (let n = 0; n < table.rows; n++) {
      const line = await next(`the ${table.rows} rows of ${table.name} its header promises`);
      if (!line.startsWith('{')) throw new BackupRefused(`${file}: line ${checksum.lines + 1} should be a row of ${table.name}.`);
      checksum.add(line);
      yield { kind: 'row', table: table.name, line };
    }
  }
  for (let n = 0; n < header.files; n++) {
    const line = await next(`the ${header.files} uploaded files its header promises`);
    const uploaded = parse(BackupFileSchema, line, 'an uploaded file');
    checksum.add(line);
    yield { kind: 'file', file: uploaded };
  }
  const trailer = parse(BackupTrailerSchema, await next('its trailer'), 'the trailer');
  const computed = checksum.trailer();
  if (trailer.lines !== computed.lines || trailer.sha256 !== computed.sha256) {
    throw new BackupRefused(`${file} does not match its checksum (the file was changed or damaged): nothing restored from it.`);
  }
  if (!(await lines.next()).done) throw new BackupRefused(`${file} goes on after its trailer: nothing restored from it.`);
  yield { kind: 'trailer' };
}

export interface RestoreSummary {
  header: BackupHeader;
  /** The last restored event's position; new appends continue above it. */
  lastPosition: bigint;
}

/**
 * Restores a backup into an empty database and uploads folder: checks the whole file first
 * (format, counts, checksum, the master key), refuses a target holding anything, then writes the
 * rows in batches, each in its own transaction, with the positions of the backup, and moves the
 * event store's transaction offset past them. Read models are not touched (rebuild them after).
 * A failure part-way empties what it had restored, so the target can take the backup again.
 */
export async function restoreBackup(knex: Knex, options: { file: string; uploadsDir: string; master: MasterKey }): Promise<RestoreSummary> {
  const header = await checkBackup(options.file, options.master);
  await refuseNonEmptyTarget(knex, options.uploadsDir);
  await migrateBackedUpTables(knex, options.master);
  for (const table of header.tables) {
    const target = new Set(await columnsOf(knex, table.name));
    const unknown = table.columns.filter((c) => !target.has(c));
    if (unknown.length > 0) throw new BackupRefused(`The backup's ${table.name} has columns this version does not have (${unknown.join(', ')}): restore it with the version that made it.`);
  }
  try {
    await writeRows(knex, options.file, header, options.uploadsDir);
    const [{ last }] = (await knex.raw('select coalesce(max(position), 0)::text as last from event_store_events')).rows as [{ last: string }];
    const lastPosition = BigInt(last);
    await continueAfterPosition(knex, lastPosition);
    for (const table of header.tables) {
      const [{ rows }] = (await knex.raw('select count(*)::int as rows from ??', [table.name])).rows as [{ rows: number }];
      if (rows !== table.rows) throw new Error(`${table.name} holds ${rows} rows after the restore, the backup ${table.rows}`);
    }
    return { header, lastPosition };
  } catch (error) {
    await knex.raw(`truncate ${header.tables.map(() => '??').join(', ')}`, header.tables.map((t) => t.name));
    for (const key of uploadedFiles(options.uploadsDir)) fs.rmSync(path.join(options.uploadsDir, key), { force: true });
    throw error;
  }
}

/** What a restore reads of a data key's row: which master key wrapped it (an erased person's has no key). */
const DataKeyRowSchema = z.object({ wrapped_key: z.string().nullable(), master_key_id: z.string() });

/** Reads the whole file once, writing nothing: its header, when every check passed. */
async function checkBackup(file: string, master: MasterKey): Promise<BackupHeader> {
  let header: BackupHeader | undefined;
  const otherKeys = new Set<string>();
  for await (const item of readBackup(file)) {
    if (item.kind === 'header') {
      header = item.header;
      const unknown = header.tables.filter((table) => !BACKED_UP_TABLES.some((t) => t.name === table.name)).map((t) => t.name);
      if (unknown.length > 0) throw new BackupRefused(`The backup holds tables this version does not restore: ${unknown.join(', ')}.`);
    } else if (item.kind === 'row' && item.table === 'personal_data_keys') {
      const key = DataKeyRowSchema.safeParse(JSON.parse(item.line));
      if (!key.success) throw new BackupRefused(`${file} holds a personal data key row without its key and master key id.`);
      if (key.data.wrapped_key !== null && key.data.master_key_id !== master.id) otherKeys.add(key.data.master_key_id);
    }
  }
  if (otherKeys.size > 0) {
    throw new BackupRefused(
      `The people's data keys in this backup were wrapped by master key ${[...otherKeys].join(', ')}, and PERSONAL_DATA_MASTER_KEY is ${master.id}: ` +
        'restored personal fields could not be opened. Set the master key the backed-up site used.',
    );
  }
  return header!;
}

async function refuseNonEmptyTarget(knex: Knex, uploadsDir: string): Promise<void> {
  const holding: string[] = [];
  for (const table of BACKED_UP_TABLES) {
    if ((await columnsOf(knex, table.name)).length === 0) continue;
    const [{ rows }] = (await knex.raw('select count(*)::int as rows from ??', [table.name])).rows as [{ rows: number }];
    if (rows > 0) holding.push(`${table.name} (${rows} rows)`);
  }
  const files = uploadedFiles(uploadsDir).length;
  if (files > 0) holding.push(`${uploadsDir} (${files} files)`);
  if (holding.length > 0) {
    throw new BackupRefused(`The target is not empty: ${holding.join(', ')}. A backup is restored only into an empty database and uploads folder; nothing was changed.`);
  }
}

async function writeRows(knex: Knex, file: string, header: BackupHeader, uploadsDir: string): Promise<void> {
  let batch: string[] = [];
  let batchTable = '';
  let chars = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    const columns = header.tables.find((t) => t.name === batchTable)!.columns;
    const list = columns.map(() => '??').join(', ');
    // Postgres reads the rows as row_to_json wrote them: no value passes through JavaScript.
    await knex.raw(`insert into ?? (${list}) select ${list} from json_populate_recordset(null::??, ?::json)`, [
      batchTable,
      ...columns,
      ...columns,
      batchTable,
      `[${batch.join(',')}]`,
    ]);
    batch = [];
    chars = 0;
  };
  for await (const item of readBackup(file)) {
    if (item.kind === 'row') {
      if (item.table !== batchTable) await flush();
      batchTable = item.table;
      batch.push(item.line);
      chars += item.line.length;
      if (batch.length >= BATCH_ROWS || chars >= BATCH_CHARS) await flush();
    } else if (item.kind === 'file') {
      await flush();
      const target = path.join(uploadsDir, item.file.key);
      fs.mkdirSync(path.dirname(target), { recursive: true });
      fs.writeFileSync(target, Buffer.from(item.file.data, 'base64'));
    }
  }
  await flush();
}
