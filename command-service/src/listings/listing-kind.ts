import type { DomainEvent, EventType } from '@circuit/shared/events/catalogue';
import type { CheckInKind } from '@circuit/shared/events/check-in';
import type { Actor, ActorRole } from '../accounts/actors';

/**
 * What makes one kind of listing (a hackathon, an event, a quiz) differ from another; the lifecycle
 * they share (draft, review, approve, reject with a reason, an edit sending a rejected listing back to
 * review, feature, delete), slug ownership and saves are written once in listing-decider.ts.
 *
 * A kind's stored events and commands are named after its prefix, which keeps the events already in
 * the store and the projections reading them as they are: prefix `Hackathon` appends
 * `HackathonCreated`, … with `hackathonId` in their data, and takes `CreateHackathon`, … commands.
 */
export type { Actor, ActorRole };

export type ListingStatus = 'pending' | 'accepted' | 'rejected';

/** The words a kind answers its refusals with (the spec's texts). */
export interface ListingMessages {
  notFound: string;
  notAuthorizedEdit: string;
  notAuthorizedDelete: string;
  notStaff: string;
  approveRejected: string;
  /** Featuring is an admin's decision. */
  notAdmin?: string;
  /** Another listing of the kind holds the username. */
  usernameTaken?: string;
}

export interface ListingKind<P extends string, Content> {
  /** `Hackathon`: the prefix of the kind's event and command names; `hackathonId` names the listing in them. */
  prefix: P;
  /** `hackathon-<id>`, a user's bookmark `hackathon-save-<id>-<user>`, and where the kind has usernames, their reservations `hackathon-slug-<username>`. */
  streams: { listing(id: string): string; save(id: string, userId: string): string; slug?(username: string): string };
  messages: ListingMessages;
  /** What an edit cannot change (the username, a quiz's title and category): the stored content's fields win. */
  keepOnEdit(stored: Content, edited: Content): Content;
  /** Its public username, held by one listing at a time, as its reservation stores it (events lower-case it). */
  username?: { of(content: Content): string; stored(username: string): string };
  /** Whether admins may feature it (hackathons). */
  featurable?: boolean;
  /** The name its co-hosts are kept under (`listing-hosts-<kind>-<id>`); a kind without one has no co-hosts. */
  coHostKind?: CheckInKind;
}

/** `hackathonId` for `Hackathon`. */
export const idFieldOf = <P extends string>(kind: ListingKind<P, unknown>) => `${kind.prefix.charAt(0).toLowerCase()}${kind.prefix.slice(1)}Id` as IdFieldOf<P>;

export type IdFieldOf<P extends string> = `${Uncapitalize<P>}Id`;

type Named<P extends string, I extends string> = { now: Date } & { [K in I]: string };

/** The lifecycle commands of a kind, named after it: `CreateHackathon` with `hackathonId`, … */
export type ListingCommand<P extends string, Content, I extends string = IdFieldOf<P>> =
  | ({ type: `Create${P}`; actor: Actor; content: Content } & Named<P, I>)
  | ({ type: `Update${P}`; actor: Actor; content: Content } & Named<P, I>)
  | ({ type: `Delete${P}`; actor: Actor } & Named<P, I>)
  | ({ type: `Approve${P}`; actor: Actor } & Named<P, I>)
  | ({ type: `Reject${P}`; actor: Actor; reason: string } & Named<P, I>)
  | ({ type: `Feature${P}`; actor: Actor; isFeatured: boolean } & Named<P, I>);

type Stored<N extends string> = Extract<N, EventType>;

/** The lifecycle events of a kind, as the catalogue types them. */
export type ListingEvent<P extends string> = DomainEvent<Stored<`${P}${'Created' | 'Updated' | 'Deleted' | 'Approved' | 'Rejected' | 'FeatureChanged'}`>>;
export type SlugEvent<P extends string> = DomainEvent<Stored<`${P}Slug${'Reserved' | 'Released'}`>>;
export type SaveEvent<P extends string> = DomainEvent<Stored<`${P}${'Saved' | 'Unsaved'}`>>;

export interface ListingState<Content> {
  id: string;
  exists: boolean;
  deleted: boolean;
  createdBy: string;
  status: ListingStatus;
  content: Content | null;
  isFeatured: boolean;
}

/** A listing that exists and is not deleted, with its content. */
export type LiveListing<Content> = ListingState<Content> & { content: Content };
