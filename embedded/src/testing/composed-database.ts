import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '@circuit/shared/config';
import { createKnex, pgliteSnapshot, type Knex } from '@circuit/shared/db/knex';
import { composeEmbedded } from '../compose';

/**
 * A copy of an in-memory database as the embedded app leaves a new one: every component migrated, the
 * projections' and process managers' checkpoints at 0, nothing else. Taken once per test worker; each test
 * app and browser journey then starts on a copy and finds its migrations applied, instead of running some
 * 40 components' migrations (a second or two of each of a hundred files, docs/testing.md).
 */
let composed: Promise<Blob> | undefined;

export async function composedPglite(): Promise<Knex> {
  composed ??= composeOnce().catch((error: unknown) => {
    composed = undefined;
    throw error;
  });
  return createKnex({ kind: 'pglite', loadDataDir: await composed });
}

async function composeOnce(): Promise<Blob> {
  const knex = await createKnex({ kind: 'pglite' });
  try {
    await composeAndStop(knex);
    return await pgliteSnapshot(knex);
  } finally {
    await knex.destroy();
  }
}

/** Composes the embedded app on `knex` as a test app would (no seed, files in a scratch DATA_DIR) and stops it. */
export async function composeAndStop(knex: Knex): Promise<void> {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'circuit-composed-'));
  try {
    const app = await composeEmbedded({ config: loadConfig({ NODE_ENV: 'test', SEED: 'false', LOG_LEVEL: 'silent', DATA_DIR: scratch }), knex });
    await app.stop();
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}
