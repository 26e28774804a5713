import { notFound } from '@circuit/shared/commands/domain-errors';
import type { Decider } from '@circuit/shared/commands/decider';
import type { AccountEvent } from '@circuit/shared/events/accounts';
import type { DomainEvent } from '@circuit/shared/events/catalogue';
import type { ProfileFields } from '@circuit/shared/events/profiles';
import { sanitizeBio } from '@circuit/shared/profiles/sanitize-bio';

export type ProfileEvent = DomainEvent<'ProfileUpdated' | 'ProfilePictureChanged'>;
/** The user stream `user-<id>` holds account and profile events; each decider reads what it needs. */
export type UserStreamEvent = AccountEvent | ProfileEvent;

export const ProfileMessages = {
  userNotFound: 'User not found',
} as const;

export interface ProfileState {
  exists: boolean;
  profilePicture: string | null;
}

export type ProfileCommand =
  /** `changes`: only the fields the form sent (validated at the edge); the bio is sanitised here. */
  | { type: 'UpdateProfile'; changes: Partial<ProfileFields>; now: Date }
  | { type: 'ChangeProfilePicture'; url: string; now: Date };

export const initialProfileState = (): ProfileState => ({ exists: false, profilePicture: null });

export function evolveProfile(state: ProfileState, event: UserStreamEvent): ProfileState {
  switch (event.type) {
    case 'UserRegistered':
      return { ...state, exists: true };
    case 'ProfilePictureChanged':
      return { ...state, profilePicture: event.data.url };
    default:
      // Account events and profile updates change nothing this decider decides on.
      return state;
  }
}

/** The sent fields, without undefined ones, with the bio through the allow-list. */
function cleanChanges(changes: Partial<ProfileFields>): Partial<ProfileFields> {
  const clean: Partial<ProfileFields> = {};
  for (const [key, value] of Object.entries(changes) as [keyof ProfileFields, ProfileFields[keyof ProfileFields] | undefined][]) {
    if (value !== undefined) Object.assign(clean, { [key]: value });
  }
  if (clean.bio !== undefined) clean.bio = sanitizeBio(clean.bio);
  if (clean.socialLinks) {
    clean.socialLinks = Object.fromEntries(Object.entries(clean.socialLinks).filter(([, v]) => typeof v === 'string' && v.trim() !== ''));
  }
  // A state only belongs to India: moving elsewhere clears it unless one was sent.
  if (clean.country !== undefined && clean.country !== 'India' && clean.state === undefined) clean.state = '';
  return clean;
}

export function decideProfile(command: ProfileCommand, state: ProfileState): ProfileEvent[] {
  if (!state.exists) throw notFound(ProfileMessages.userNotFound);
  switch (command.type) {
    case 'UpdateProfile':
      return [{ type: 'ProfileUpdated', data: { changes: cleanChanges(command.changes), at: command.now.toISOString() } }];
    case 'ChangeProfilePicture':
      return [{ type: 'ProfilePictureChanged', data: { url: command.url, at: command.now.toISOString() } }];
  }
}

export const profileDecider: Decider<ProfileState, ProfileCommand, UserStreamEvent> = {
  initialState: initialProfileState,
  evolve: evolveProfile,
  decide: decideProfile,
};
