import { z } from 'zod';
import type { Config } from '@circuit/shared/config';
import { BackupRefused } from '@circuit/command-service/backup/backup-format';

/**
 * Runs a backup or restore command: bad input (arguments, a refused file or target) is said in one
 * line and exits 2, having changed nothing; anything else exits 1 with its stack.
 */
export async function runBackupCommand(work: () => Promise<void>): Promise<void> {
  try {
    await work();
  } catch (error) {
    if (error instanceof BackupRefused || error instanceof z.ZodError) {
      console.error(error instanceof z.ZodError ? error.issues.map((i) => i.message).join('; ') : error.message);
      process.exit(2);
    }
    console.error(error);
    process.exit(1);
  }
}

/** Backups read and write the Postgres event store's table; KurrentDB keeps its events apart. */
export function refuseKurrentDb(config: Config, verb: string): void {
  if (config.EVENTSTORE_URL) {
    throw new BackupRefused(`EVENTSTORE_URL is set: the events are in KurrentDB, which this command cannot ${verb}; use KurrentDB's own backup for them.`);
  }
}
