/**
 * `npm run backup -- <file>`: writes a backup of the site's data (the event store, the people's
 * wrapped data keys, the command side's own tables, the uploaded files; see
 * command-service/src/backup/backed-up-tables.ts) to <file>, a gzip'd NDJSON file, from
 * DATABASE_URL or the embedded data directory (DATA_DIR). On Postgres the services may keep
 * running (one snapshot is read); in the embedded mode stop `npm start` first (only one process
 * may open the data directory). The master key is not in it: keep PERSONAL_DATA_MASTER_KEY apart.
 */
import path from 'node:path';
import { z } from 'zod';
import { loadConfig } from '@circuit/shared/config';
import { createKnex, databaseTargetFrom } from '@circuit/shared/db/knex';
import { writeBackup } from '@circuit/command-service/backup/write-backup';
import { refuseKurrentDb, runBackupCommand } from './backup-command';

await runBackupCommand(async () => {
  const [file] = z.tuple([z.string().min(1)], { error: 'Usage: npm run backup -- <file>' }).parse(process.argv.slice(2));
  const config = loadConfig();
  refuseKurrentDb(config, 'back up');
  const knex = await createKnex(databaseTargetFrom(config));
  const started = performance.now();
  try {
    const { header, bytes } = await writeBackup(knex, { file, uploadsDir: path.join(config.DATA_DIR, 'uploads') });
    const seconds = (performance.now() - started) / 1000;
    console.log(`Backed up ${header.tables.map((t) => `${t.rows} ${t.name}`).join(', ')} and ${header.files} uploaded files`);
    console.log(`to ${file} (${(bytes / 1024 / 1024).toFixed(1)} MiB) in ${seconds.toFixed(1)} s.`);
  } finally {
    await knex.destroy();
  }
});
