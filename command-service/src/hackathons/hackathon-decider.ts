import { hackathonSaveStream, hackathonSlugStream, hackathonStream, type HackathonContent } from '@circuit/shared/events/hackathons';
import { HackathonMessages } from '@circuit/shared/validation/hackathons';
import { decidersOf } from '../listings/listing-decider';
import type { ListingCommand, ListingEvent, ListingKind, ListingState } from '../listings/listing-kind';

export type { ActorRole } from '../listings/listing-kind';

export const ModerationMessages = {
  notStaff: 'Only moderators and admins can review hackathons',
  notAdmin: 'Only admins can feature hackathons',
  notAllowedDelete: 'You are not authorized to delete this hackathon',
  /** A rejection stands: approving it would publish what the organiser was told to change. */
  approveRejected: 'This hackathon was rejected; it cannot be approved',
} as const;

/** A hackathon listing on `hackathon-<id>`, on the listing lifecycle; its username is locked once created. */
export const hackathonListing: ListingKind<'Hackathon', HackathonContent> = {
  coHostKind: 'hackathon',
  prefix: 'Hackathon',
  streams: { listing: hackathonStream, save: hackathonSaveStream, slug: hackathonSlugStream },
  messages: {
    notFound: HackathonMessages.notFound,
    notAuthorizedEdit: HackathonMessages.notAuthorizedEdit,
    notAuthorizedDelete: ModerationMessages.notAllowedDelete,
    notStaff: ModerationMessages.notStaff,
    notAdmin: ModerationMessages.notAdmin,
    approveRejected: ModerationMessages.approveRejected,
    usernameTaken: HackathonMessages.usernameTaken,
  },
  keepOnEdit: (stored, edited) => ({ ...edited, username: stored.username }),
  username: { of: (content) => content.username, stored: (username) => username },
  featurable: true,
};

export type HackathonState = ListingState<HackathonContent>;
export type HackathonCommand = ListingCommand<'Hackathon', HackathonContent>;
export type HackathonEvent = ListingEvent<'Hackathon'>;

export const { listing: hackathonDecider, slug: slugDecider, save: saveDecider } = decidersOf(hackathonListing);
