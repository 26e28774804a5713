import crypto from 'node:crypto';
import { handleCommand, type CommandContext } from '@circuit/shared/commands/decider';
import { hackathonAnnouncementsStream, hackathonSponsorsStream, type AnnouncementContent, type SponsorContent } from '@circuit/shared/events/hackathon-announcements';
import { sanitizeListingHtml } from '@circuit/shared/hackathons/sanitize';
import { refused } from '@circuit/shared/commands/domain-errors';
import { announcementViolation, sponsorViolation, type AnnouncementForm, type SponsorForm } from '@circuit/shared/validation/hackathon-announcements';
import type { CommandServiceDeps } from '../context';
import { caughtUp } from '../http/read-your-writes';
import { findListing } from '../hackathons/listing-lookup';
import { hostActorOf } from '../check-in/co-host-roles';
import { announcementsDecider, sponsorsDecider, type AnnouncementCommand, type SponsorCommand } from './announcement-decider';

/** The announcement as stored: content sanitised, the rules checked on what remains, results only for type results. */
export function announcementContentOf(form: AnnouncementForm): AnnouncementContent {
  const content = sanitizeListingHtml(form.content);
  const stored: AnnouncementContent = {
    type: form.type,
    title: form.title.trim(),
    content,
    // Winners by rank (the form may list them in any order).
    results: form.type === 'results' ? { winners: [...form.results.winners].sort((a, b) => a.rank - b.rank), specialAwards: form.results.specialAwards } : { winners: [], specialAwards: [] },
  };
  const violation = announcementViolation(stored);
  if (violation) throw refused(violation);
  return stored;
}

export function sponsorContentOf(form: SponsorForm): SponsorContent {
  const violation = sponsorViolation(form);
  if (violation) throw refused(violation);
  return { name: form.name.trim(), tier: form.tier, image: form.image };
}

type Omitted<C> = C extends unknown ? Omit<C, 'listing' | 'actor' | 'now'> : never;

/** Announcement and sponsor use cases; each answers after the read models include what it appended. */
export function createAnnouncementService(deps: CommandServiceDeps) {
  const now = deps.now ?? (() => new Date());

  async function announcements(userId: string, idOrUsername: string, command: Omitted<AnnouncementCommand>, ctx: CommandContext): Promise<string> {
    const listing = await findListing(deps.store, idOrUsername);
    const full = { ...command, listing, actor: await hostActorOf(deps.store, 'hackathon', listing.hackathonId, userId), now: now() } as AnnouncementCommand;
    const result = await handleCommand(deps.store, hackathonAnnouncementsStream(listing.hackathonId), announcementsDecider, full, ctx, now);
    await caughtUp(deps.progress, result.position, result.events);
    return listing.hackathonId;
  }

  async function sponsors(userId: string, idOrUsername: string, command: Omitted<SponsorCommand>, ctx: CommandContext): Promise<string> {
    const listing = await findListing(deps.store, idOrUsername);
    const full = { ...command, listing, actor: await hostActorOf(deps.store, 'hackathon', listing.hackathonId, userId), now: now() } as SponsorCommand;
    const result = await handleCommand(deps.store, hackathonSponsorsStream(listing.hackathonId), sponsorsDecider, full, ctx, now);
    await caughtUp(deps.progress, result.position, result.events);
    return listing.hackathonId;
  }

  return {
    async post(userId: string, idOrUsername: string, form: AnnouncementForm, ctx: CommandContext) {
      const announcement = announcementContentOf(form);
      const announcementId = crypto.randomUUID();
      const hackathonId = await announcements(userId, idOrUsername, { type: 'PostAnnouncement', announcementId, announcement }, ctx);
      return { hackathonId, announcementId };
    },
    async edit(userId: string, idOrUsername: string, announcementId: string, form: AnnouncementForm, ctx: CommandContext) {
      const announcement = announcementContentOf(form);
      return announcements(userId, idOrUsername, { type: 'EditAnnouncement', announcementId, announcement }, ctx);
    },
    async remove(userId: string, idOrUsername: string, announcementId: string, ctx: CommandContext) {
      return announcements(userId, idOrUsername, { type: 'DeleteAnnouncement', announcementId }, ctx);
    },
    async addSponsor(userId: string, idOrUsername: string, form: SponsorForm, ctx: CommandContext) {
      const sponsor = sponsorContentOf(form);
      const sponsorId = crypto.randomUUID();
      const hackathonId = await sponsors(userId, idOrUsername, { type: 'AddSponsor', sponsorId, sponsor }, ctx);
      return { hackathonId, sponsorId };
    },
    async updateSponsor(userId: string, idOrUsername: string, sponsorId: string, form: SponsorForm, ctx: CommandContext) {
      return sponsors(userId, idOrUsername, { type: 'UpdateSponsor', sponsorId, sponsor: sponsorContentOf(form) }, ctx);
    },
    async removeSponsor(userId: string, idOrUsername: string, sponsorId: string, ctx: CommandContext) {
      return sponsors(userId, idOrUsername, { type: 'RemoveSponsor', sponsorId }, ctx);
    },
  };
}

export type AnnouncementService = ReturnType<typeof createAnnouncementService>;
