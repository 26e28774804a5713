import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { CheckInBoardSchema, ScanSchema, type CheckInBoard } from '@circuit/shared/api/check-in';
import { z } from 'zod';
import type { QueuedScan } from './scanQueue';

/**
 * What the door keeps on the device (IndexedDB), so the check-in screen opens and checks tickets without the
 * network once it has loaded a listing's board: the board as last known, and the scans still to be synced.
 * What is read back is checked with the contract's schemas: a copy written by an older app is dropped.
 */
interface DoorDb extends DBSchema {
  boards: { key: string; value: { key: string; savedAt: string; board: CheckInBoard } };
  queue: { key: string; value: { boardKey: string; item: QueuedScan }; indexes: { byBoard: string } };
}

const QueuedScanSchema = z.strictObject({ scan: ScanSchema, userId: z.string(), name: z.string() });

/** Per user as well: on a shared phone, one account's attendee list never opens for another, even offline. */
export const boardKeyOf = (user: string, kind: string, id: string) => `${user}:${kind}:${id}`;

let db: Promise<IDBPDatabase<DoorDb>> | undefined;
const open = () =>
  (db ??= openDB<DoorDb>('circuit-check-in', 1, {
    upgrade(database) {
      database.createObjectStore('boards', { keyPath: 'key' });
      database.createObjectStore('queue', { keyPath: 'item.scan.scanId' }).createIndex('byBoard', 'boardKey');
    },
  }));

export async function loadBoard(boardKey: string): Promise<{ board: CheckInBoard; savedAt: string } | null> {
  const row = await (await open()).get('boards', boardKey);
  const board = CheckInBoardSchema.safeParse(row?.board);
  return row && board.success ? { board: board.data, savedAt: row.savedAt } : null;
}

export async function saveBoard(boardKey: string, board: CheckInBoard): Promise<void> {
  await (await open()).put('boards', { key: boardKey, savedAt: new Date().toISOString(), board });
}

/** A device that may no longer check people in keeps neither the list nor its scans. */
export async function forgetBoard(boardKey: string): Promise<void> {
  const database = await open();
  await database.delete('boards', boardKey);
  for (const key of await database.getAllKeysFromIndex('queue', 'byBoard', boardKey)) await database.delete('queue', key);
}

export async function loadQueue(boardKey: string): Promise<QueuedScan[]> {
  const rows = await (await open()).getAllFromIndex('queue', 'byBoard', boardKey);
  return rows
    .flatMap((r) => {
      const item = QueuedScanSchema.safeParse(r.item);
      return item.success ? [item.data] : [];
    })
    .sort((a, b) => a.scan.scannedAt.localeCompare(b.scan.scannedAt));
}

/** Keyed by scan id: queueing the same scan again overwrites it, never adds a second. */
export async function putQueued(boardKey: string, item: QueuedScan): Promise<void> {
  await (await open()).put('queue', { boardKey, item });
}

export async function dropQueued(scanIds: string[]): Promise<void> {
  const tx = (await open()).transaction('queue', 'readwrite');
  await Promise.all([...scanIds.map((id) => tx.store.delete(id)), tx.done]);
}
