/**
 * `npm run restore -- <file>`: restores a backup made by `npm run backup` into an empty database
 * (DATABASE_URL, or the embedded DATA_DIR) and uploads folder, then rebuilds every read model from
 * the restored events, so the site answers as the backed-up one did as soon as it starts. Needs
 * the master key the backed-up site used (PERSONAL_DATA_MASTER_KEY). Exits 2, changing nothing,
 * on a damaged or foreign file, a different master key, or a target that holds anything.
 */
import path from 'node:path';
import { z } from 'zod';
import { loadConfig } from '@circuit/shared/config';
import { createKnex, databaseTargetFrom } from '@circuit/shared/db/knex';
import { createLogger } from '@circuit/shared/logger';
import { selectEventStore } from '@circuit/shared/adapters/select';
import { masterKeyFrom } from '@circuit/shared/personal-data/master-key';
import { restoreBackup } from '@circuit/command-service/backup/restore-backup';
import { refuseKurrentDb, runBackupCommand } from './backup-command';
import { rebuildReadModels } from './rebuild-read-models';

await runBackupCommand(async () => {
  const [file] = z.tuple([z.string().min(1)], { error: 'Usage: npm run restore -- <file>' }).parse(process.argv.slice(2));
  const config = loadConfig();
  refuseKurrentDb(config, 'restore');
  const knex = await createKnex(databaseTargetFrom(config));
  try {
    let started = performance.now();
    const { header } = await restoreBackup(knex, { file, uploadsDir: path.join(config.DATA_DIR, 'uploads'), master: masterKeyFrom(config) });
    console.log(`Restored ${header.tables.map((t) => `${t.rows} ${t.name}`).join(', ')} and ${header.files} uploaded files in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
    started = performance.now();
    const store = await selectEventStore(config, knex);
    try {
      const events = await rebuildReadModels(knex, store, createLogger('restore', config.LOG_LEVEL));
      console.log(`Rebuilt every read model from ${events} events in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
    } finally {
      await store.close();
    }
  } finally {
    await knex.destroy();
  }
});
