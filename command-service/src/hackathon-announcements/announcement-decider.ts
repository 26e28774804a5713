import type { Decider } from '@circuit/shared/commands/decider';
import type { DomainEvent } from '@circuit/shared/events/catalogue';
import type { AnnouncementContent, SponsorContent } from '@circuit/shared/events/hackathon-announcements';
import { forbidden, notFound } from '@circuit/shared/commands/domain-errors';
import { HackathonMessages } from '@circuit/shared/validation/hackathons';
import { AnnouncementMessages as M } from '@circuit/shared/validation/hackathon-announcements';
import type { ListingRef } from '../hackathons/listing-lookup';
import { mayManage } from '../listings/listing-decider';
import type { Actor } from '../accounts/actors';

/**
 * A hackathon's announcements (`hackathon-announcements-<id>`) and sponsors
 * (`hackathon-sponsors-<id>`). Only the hackathon's creator and admins manage them; the content
 * arrives validated and sanitised (announcement-service.ts), the listing inside the command.
 */

interface On {
  listing: ListingRef;
  actor: Actor;
  now: Date;
}

/** Ids of the items ever created, and whether each is still there. */
export interface ItemsState {
  live: Readonly<Record<string, boolean>>;
}

const initialItems = (): ItemsState => ({ live: {} });
const withItem = (state: ItemsState, id: string, live: boolean): ItemsState => ({ live: { ...state.live, [id]: live } });

function assertManager(on: On, message: string): void {
  if (!on.listing.exists || on.listing.deleted) throw notFound(HackathonMessages.notFound);
  if (!mayManage(on.listing, on.actor)) throw forbidden(message);
}

export type AnnouncementEvent = DomainEvent<'HackathonAnnouncementPosted' | 'HackathonAnnouncementEdited' | 'HackathonAnnouncementDeleted'>;
export type AnnouncementCommand =
  | ({ type: 'PostAnnouncement'; announcementId: string; announcement: AnnouncementContent } & On)
  | ({ type: 'EditAnnouncement'; announcementId: string; announcement: AnnouncementContent } & On)
  | ({ type: 'DeleteAnnouncement'; announcementId: string } & On);

export const announcementsDecider: Decider<ItemsState, AnnouncementCommand, AnnouncementEvent> = {
  initialState: initialItems,
  evolve(state, event) {
    switch (event.type) {
      case 'HackathonAnnouncementPosted':
        return withItem(state, event.data.announcementId, true);
      case 'HackathonAnnouncementEdited':
        return state;
      case 'HackathonAnnouncementDeleted':
        return withItem(state, event.data.announcementId, false);
    }
  },
  decide(command, state) {
    assertManager(command, M.notAuthorized);
    const base = { hackathonId: command.listing.hackathonId, announcementId: command.announcementId, at: command.now.toISOString(), byUserId: command.actor.userId };
    const exists = state.live[command.announcementId] === true;
    switch (command.type) {
      case 'PostAnnouncement':
        // The same id twice (a retried request) records it once.
        if (Object.hasOwn(state.live, command.announcementId)) return [];
        return [{ type: 'HackathonAnnouncementPosted', data: { ...base, announcement: command.announcement } }];
      case 'EditAnnouncement':
        if (!exists) throw notFound(M.notFound);
        return [{ type: 'HackathonAnnouncementEdited', data: { ...base, announcement: command.announcement } }];
      case 'DeleteAnnouncement':
        if (!exists) throw notFound(M.notFound);
        return [{ type: 'HackathonAnnouncementDeleted', data: base }];
    }
  },
};

export type SponsorEvent = DomainEvent<'HackathonSponsorAdded' | 'HackathonSponsorUpdated' | 'HackathonSponsorRemoved'>;
export type SponsorCommand =
  | ({ type: 'AddSponsor'; sponsorId: string; sponsor: SponsorContent } & On)
  | ({ type: 'UpdateSponsor'; sponsorId: string; sponsor: SponsorContent } & On)
  | ({ type: 'RemoveSponsor'; sponsorId: string } & On);

export const sponsorsDecider: Decider<ItemsState, SponsorCommand, SponsorEvent> = {
  initialState: initialItems,
  evolve(state, event) {
    switch (event.type) {
      case 'HackathonSponsorAdded':
        return withItem(state, event.data.sponsorId, true);
      case 'HackathonSponsorUpdated':
        return state;
      case 'HackathonSponsorRemoved':
        return withItem(state, event.data.sponsorId, false);
    }
  },
  decide(command, state) {
    assertManager(command, M.sponsorsNotAuthorized);
    const base = { hackathonId: command.listing.hackathonId, sponsorId: command.sponsorId, at: command.now.toISOString(), byUserId: command.actor.userId };
    const exists = state.live[command.sponsorId] === true;
    switch (command.type) {
      case 'AddSponsor':
        if (Object.hasOwn(state.live, command.sponsorId)) return [];
        return [{ type: 'HackathonSponsorAdded', data: { ...base, sponsor: command.sponsor } }];
      case 'UpdateSponsor':
        if (!exists) throw notFound(M.sponsorNotFound);
        return [{ type: 'HackathonSponsorUpdated', data: { ...base, sponsor: command.sponsor } }];
      case 'RemoveSponsor':
        if (!exists) throw notFound(M.sponsorNotFound);
        return [{ type: 'HackathonSponsorRemoved', data: base }];
    }
  },
};
