/**
 * `npm run personal-data:migrate`: seals the personal fields of the events the Postgres adapter stored before
 * crypto-shredding, once, in place (personal-data-migration.ts), on DATABASE_URL or the embedded data directory
 * (DATA_DIR). Stop the services first (in the embedded mode only one process may open the data directory); running it
 * again, or after a crash, finishes what is left and changes nothing more.
 */
import { loadConfig } from '../config';
import { createKnex, databaseTargetFrom } from '../db/knex';
import { masterKeyFrom } from './master-key';
import { migratePersonalData } from './personal-data-migration';

const config = loadConfig();
if (config.EVENTSTORE_URL) {
  console.error(
    'EVENTSTORE_URL is set: KurrentDB keeps events append-only, so they cannot be rewritten in place. Copy the events into a new store through the personal data layer instead (docs/personal-data.md); this command migrates the Postgres event store only.',
  );
  process.exit(2);
}
const knex = await createKnex(databaseTargetFrom(config));
const started = Date.now();
try {
  const report = await migratePersonalData(knex, masterKeyFrom(config), {
    afterBatch: ({ batch, position }) => console.log(`Batch ${batch} done, up to position ${position}.`),
  });
  if (!report) console.log('No events stored yet: nothing to migrate.');
  else {
    const events = Object.values(report.after.counts).reduce((sum, n) => sum + n, 0);
    console.log(`Sealed ${report.sealed} and moved ${report.renamed} of ${events} events in ${Date.now() - started} ms.`);
    console.log(`Checked: the same ${events} events of ${Object.keys(report.after.counts).length} types read the same before and after (checksum ${report.after.checksum}).`);
  }
} finally {
  await knex.destroy();
}
