import { handleCommand, loadState, type CommandContext } from '@circuit/shared/commands/decider';
import { userStream } from '@circuit/shared/events/accounts';
import type { ProfileFields } from '@circuit/shared/events/profiles';
import type { FileStore, StoredFile } from '@circuit/shared/ports/file-store';
import type { UpdateProfileInput } from '@circuit/shared/validation/profile';
import type { CommandServiceDeps } from '../context';
import { caughtUp } from '../http/read-your-writes';
import { uploadKeyOf } from '../uploads/image-upload';
import { recordUploadUses } from '../uploads/upload-uses';
import { profileDecider, type ProfileCommand } from './profile-decider';

/** The validated form, as the changes it sends (fields left out stay as they are). */
export function profileChanges(input: UpdateProfileInput): Partial<ProfileFields> {
  const changes: Partial<ProfileFields> = {};
  for (const [key, value] of Object.entries(input) as [keyof UpdateProfileInput, unknown][]) {
    if (value === undefined) continue;
    if (key === 'socialLinks') {
      const links = value as NonNullable<UpdateProfileInput['socialLinks']>;
      changes.socialLinks = Object.fromEntries(Object.entries(links).filter(([, v]) => v !== undefined)) as ProfileFields['socialLinks'];
      continue;
    }
    Object.assign(changes, { [key]: value });
  }
  return changes;
}

/** Profile use cases on the user stream; answers after the read models include the change. */
export function createProfileService(deps: CommandServiceDeps & { fileStore: FileStore }) {
  const now = deps.now ?? (() => new Date());

  async function execute(userId: string, command: ProfileCommand, ctx: CommandContext) {
    const result = await handleCommand(deps.store, userStream(userId), profileDecider, command, ctx, now);
    // The picture in use is known to the sweeper of abandoned uploads before the answer.
    await recordUploadUses(deps.knex, userStream(userId), result.events, result.position);
    await caughtUp(deps.progress, result.position, result.events);
    return result;
  }

  return {
    async updateProfile(userId: string, input: UpdateProfileInput, ctx: CommandContext): Promise<void> {
      await execute(userId, { type: 'UpdateProfile', changes: profileChanges(input), now: now() }, ctx);
    },

    /** Records an already stored picture; the file is removed again when the change is refused, the previous one once replaced. */
    async changeProfilePicture(userId: string, file: StoredFile, ctx: CommandContext): Promise<void> {
      let previous: string | null;
      try {
        previous = (await loadState(deps.store, userStream(userId), profileDecider)).state.profilePicture;
        await execute(userId, { type: 'ChangeProfilePicture', url: file.url, now: now() }, ctx);
      } catch (error) {
        await deps.fileStore.delete(file.key).catch(() => undefined);
        throw error;
      }
      const oldKey = uploadKeyOf(previous);
      if (oldKey) await deps.fileStore.delete(oldKey).catch((err: unknown) => deps.log.warn({ err }, 'could not remove the previous profile picture'));
    },
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;
