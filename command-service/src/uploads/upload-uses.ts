import type { Knex } from 'knex';
import { migrateOnce } from '@circuit/shared/db/migrations';
import { ProfileEventSchemas } from '@circuit/shared/events/profiles';
import { ProjectEventSchemas } from '@circuit/shared/events/projects';
import type { Logger } from '@circuit/shared/logger';
import type { EventStore, RecordedEvent } from '@circuit/shared/ports/event-store';
import { ProcessManager } from '../process-managers/process-manager';
import { hackathonProjectUploadUses } from '../hackathon-projects/project-upload-uses';

/**
 * Which upload each profile and project uses now: what the sweeper of abandoned uploads decides
 * with, in a table the command side owns (never the users or projects read models). The command
 * that changes a picture or a project writes its row right after its append, so an upload is in
 * use as soon as the answer says so; UploadUses fills the same rows from the feed (the history
 * before the table, and any write a crash lost). Each row keeps the feed position it was written
 * at and only a later one replaces it, so the two writers never undo each other.
 */
const UPLOAD_USES = 'upload_uses';

export async function migrateUploadUses(knex: Knex): Promise<void> {
  await migrateOnce(knex, 'upload_uses', '001_upload_uses', (schema) => schema.createTable(UPLOAD_USES, (t) => {
    /** `user:<id>` (the profile picture) or `project:<id>` (the project's image). */
    t.text('owner').primary();
    /** null: the owner uses no upload (a project deleted or without an image). */
    t.text('url');
    t.bigInteger('position').notNullable();
    t.index(['url']);
  }));
}

export interface UploadUse {
  owner: string;
  url: string | null;
}

/** What an event says of the upload its profile or project uses. */
export function uploadUsesOf(event: Pick<RecordedEvent, 'type' | 'data' | 'streamId'>): UploadUse[] {
  switch (event.type) {
    case 'ProfilePictureChanged':
      return [{ owner: `user:${event.streamId.slice('user-'.length)}`, url: ProfileEventSchemas.ProfilePictureChanged.parse(event.data).url }];
    case 'ProjectCreated':
    case 'ProjectUpdated': {
      const { projectId, image } = ProjectEventSchemas[event.type].parse(event.data);
      return [{ owner: `project:${projectId}`, url: image }];
    }
    case 'ProjectDeleted':
      return [{ owner: `project:${ProjectEventSchemas.ProjectDeleted.parse(event.data).projectId}`, url: null }];
    default:
      return hackathonProjectUploadUses(event);
  }
}

async function write(knex: Knex, use: UploadUse, position: bigint): Promise<void> {
  await knex(UPLOAD_USES)
    .insert({ owner: use.owner, url: use.url, position: position.toString() })
    .onConflict('owner')
    .merge()
    .where(`${UPLOAD_USES}.position`, '<=', position.toString());
}

/** After an append: the uses its events name, at the append's position. */
export async function recordUploadUses(knex: Knex, streamId: string, events: readonly { type: string; data: unknown }[], position: bigint | undefined): Promise<void> {
  if (position === undefined) return;
  for (const use of events.flatMap((event) => uploadUsesOf({ ...event, streamId }))) await write(knex, use, position);
}

/** The uploads among `urls` that a profile or project uses. */
export async function uploadsInUse(knex: Knex, urls: readonly string[]): Promise<Set<string>> {
  if (urls.length === 0) return new Set();
  const rows = (await knex(UPLOAD_USES).whereIn('url', [...urls]).select('url')) as { url: string }[];
  return new Set(rows.map((r) => r.url));
}

/** Fills upload_uses from the feed: from its beginning on its first start, then as pictures and projects change. */
export class UploadUses extends ProcessManager<UploadUse & { position: bigint }> {
  constructor(deps: { knex: Knex; store: EventStore; log: Logger }) {
    super({
      name: 'upload_uses',
      label: 'upload uses',
      deps,
      firstStart: 'beginning',
      reactionsTo: (event) => uploadUsesOf(event).map((use) => ({ ...use, position: event.position })),
      effects: { carryOut: (use) => write(deps.knex, use, use.position) },
      batches: { inOrderBy: (event) => event.streamId, checkpointEveryMs: 1000 },
    });
  }
}
