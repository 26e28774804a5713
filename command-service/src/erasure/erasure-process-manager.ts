import type { Knex } from 'knex';
import { AccountEventSchemas } from '@circuit/shared/events/accounts';
import { ProfileEventSchemas } from '@circuit/shared/events/profiles';
import { ProjectEventSchemas } from '@circuit/shared/events/projects';
import type { FileStore } from '@circuit/shared/ports/file-store';
import type { Logger } from '@circuit/shared/logger';
import type { Bus } from '@circuit/shared/ports/bus';
import type { EventStore, RecordedEvent } from '@circuit/shared/ports/event-store';
import type { SubjectKeys } from '@circuit/shared/personal-data/subject-keys';
import { ProcessManager, type ReactionEffects } from '../process-managers/process-manager';
import { handleCommand } from '@circuit/shared/commands/decider';
import { Erased } from '@circuit/shared/personal-data/personal-field';
import type { ErasedReservation } from '../accounts/account-decider';
import { reservationDecider } from '../reservations/reservation-decider';
import { endSessionsEverywhere } from '../accounts/end-sessions';
import { forgetUnverified, forgetUploadsOf, rememberUnverified, rememberUpload, uploadsOf } from './erasure-tables';

export type ErasureReaction =
  | { kind: 'upload'; userId: string; url: string }
  | { kind: 'unverified'; userId: string; registeredAt: string }
  | { kind: 'noLongerUnverified'; userId: string }
  | { kind: 'erased'; userId: string; at: string; reservations: ErasedReservation[] };

/** Only what the uploads store holds is removed; a project's image may also be a link to another site. */
const STORED_UPLOAD = /^\/uploads\//;

/** What an event of the feed asks of erasure: pure, so the rules are checked without a store. */
export function erasureReactions(event: RecordedEvent): ErasureReaction[] {
  const streamUser = event.streamId.startsWith('user-') ? event.streamId.slice('user-'.length) : null;
  const upload = (userId: string | undefined | null, url: string | null | undefined): ErasureReaction[] =>
    userId && url && STORED_UPLOAD.test(url) ? [{ kind: 'upload', userId, url }] : [];
  switch (event.type) {
    case 'ProfilePictureChanged':
      return upload(streamUser, ProfileEventSchemas.ProfilePictureChanged.parse(event.data).url);
    case 'ProjectCreated': {
      const { ownerId, image } = ProjectEventSchemas.ProjectCreated.parse(event.data);
      return upload(ownerId, image);
    }
    case 'ProjectUpdated':
      // Only the owner edits a portfolio project.
      return upload(event.metadata.userId, ProjectEventSchemas.ProjectUpdated.parse(event.data).image);
    case 'UserRegistered': {
      const { userId, emailVerified, registeredAt } = AccountEventSchemas.UserRegistered.parse(event.data);
      return emailVerified ? [] : [{ kind: 'unverified', userId, registeredAt }];
    }
    case 'EmailVerified':
    case 'SignUpWithdrawn':
      return streamUser ? [{ kind: 'noLongerUnverified', userId: streamUser }] : [];
    case 'AccountErased': {
      const { at, reservations = [] } = AccountEventSchemas.AccountErased.parse(event.data);
      return streamUser ? [{ kind: 'erased', userId: streamUser, at, reservations }] : [];
    }
    default:
      return [];
  }
}

interface Deps {
  knex: Knex;
  store: EventStore;
  bus: Bus;
  log: Logger;
  fileStore: FileStore;
  keys: SubjectKeys;
}

/** The command side's rows that name the person or hold what they sent; gone with them. */
async function forgetRowsOf(knex: Knex, userId: string): Promise<void> {
  const byTable: [string, (q: Knex.QueryBuilder) => Knex.QueryBuilder][] = [
    // Stored answers replayed for a repeated Idempotency-Key: they hold the person's own data.
    ['idempotency_keys', (q) => q.where('scope', `user:${userId}`)],
    ['user_rate_counters', (q) => q.where('key', 'like', `%:${userId}:%`)],
    ['presence_sockets', (q) => q.where('user_id', userId)],
  ];
  for (const [table, rows] of byTable) {
    if (await knex.schema.hasTable(table)) await rows(knex(table)).del();
  }
}

function erasureEffects(deps: Deps): ReactionEffects<ErasureReaction> {
  return {
    async carryOut(reaction) {
      switch (reaction.kind) {
        case 'upload':
          return rememberUpload(deps.knex, reaction.userId, reaction.url);
        case 'unverified':
          return rememberUnverified(deps.knex, reaction.userId, reaction.registeredAt);
        case 'noLongerUnverified':
          return forgetUnverified(deps.knex, reaction.userId);
        case 'erased': {
          // Again here: a crash between the erasure's append and the release of its names, or its key's destruction,
          // must not leave them. The names are released by their streams: their values can no longer be read.
          for (const { kind, stream } of reaction.reservations) {
            const value = kind === 'username' ? stream.slice('username-'.length) : Erased.name;
            await handleCommand(deps.store, stream, reservationDecider, { type: 'Release', kind, value, userId: reaction.userId });
          }
          await deps.keys.destroy(reaction.userId, new Date(reaction.at));
          for (const url of await uploadsOf(deps.knex, reaction.userId)) await deps.fileStore.delete(url.replace(STORED_UPLOAD, ''));
          await forgetUploadsOf(deps.knex, reaction.userId);
          await forgetUnverified(deps.knex, reaction.userId);
          await forgetRowsOf(deps.knex, reaction.userId);
          await endSessionsEverywhere(deps, reaction.userId);
          deps.log.info({ userId: reaction.userId }, 'erased account: uploads and command-side rows removed');
          return;
        }
      }
    },
  };
}

/**
 * Follows the feed from its beginning: learns whose uploads are whose and which sign-ups are unverified, and
 * carries out what follows an AccountErased (docs/personal-data.md): the key destroyed (again), the person's
 * uploads removed from the uploads store, their rows in the command side's tables deleted, their sessions ended.
 * Every effect is idempotent, so a restart that repeats an event changes nothing.
 */
export class ErasureProcessManager extends ProcessManager<ErasureReaction> {
  constructor(deps: Deps) {
    super({ name: 'erasure', label: 'erasure', deps, firstStart: 'beginning', reactionsTo: erasureReactions, effects: erasureEffects(deps) });
  }
}
