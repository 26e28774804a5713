import { z } from 'zod';
import { ANNOUNCEMENT_TYPES, SPONSOR_TIERS } from '../hackathons/options';

/**
 * Announcements and sponsors of a hackathon, managed by its creator or an admin. Each hackathon
 * has one stream of announcements (`hackathon-announcements-<id>`) and one of sponsors
 * (`hackathon-sponsors-<id>`): few items, edited by few people, decided on one state.
 */

const TeamMember = z.object({ name: z.string(), email: z.string(), role: z.string() });
const Winner = z.object({
  rank: z.number().int(),
  track: z.string(),
  teamName: z.string(),
  projectName: z.string(),
  projectDescription: z.string(),
  prize: z.string(),
  teamMembers: z.array(TeamMember),
  pptLink: z.string(),
  videoLink: z.string(),
});
const SpecialAward = z.object({ category: z.string(), teamName: z.string(), projectName: z.string(), description: z.string() });

/** An announcement as stored: validated, `content` sanitised; `results` empty unless the type is results. */
export const AnnouncementContentSchema = z.object({
  type: z.enum(ANNOUNCEMENT_TYPES),
  title: z.string(),
  content: z.string(),
  results: z.object({ winners: z.array(Winner), specialAwards: z.array(SpecialAward) }),
});
export type AnnouncementContent = z.infer<typeof AnnouncementContentSchema>;

export const SponsorContentSchema = z.object({ name: z.string(), tier: z.enum(SPONSOR_TIERS), image: z.string() });
export type SponsorContent = z.infer<typeof SponsorContentSchema>;

const by = { at: z.string(), byUserId: z.string() };

export const HackathonAnnouncementEventSchemas = {
  HackathonAnnouncementPosted: z.object({ hackathonId: z.string(), announcementId: z.string(), announcement: AnnouncementContentSchema, ...by }),
  HackathonAnnouncementEdited: z.object({ hackathonId: z.string(), announcementId: z.string(), announcement: AnnouncementContentSchema, ...by }),
  HackathonAnnouncementDeleted: z.object({ hackathonId: z.string(), announcementId: z.string(), ...by }),
  HackathonSponsorAdded: z.object({ hackathonId: z.string(), sponsorId: z.string(), sponsor: SponsorContentSchema, ...by }),
  HackathonSponsorUpdated: z.object({ hackathonId: z.string(), sponsorId: z.string(), sponsor: SponsorContentSchema, ...by }),
  HackathonSponsorRemoved: z.object({ hackathonId: z.string(), sponsorId: z.string(), ...by }),
} as const;

export const hackathonAnnouncementsStream = (hackathonId: string) => `hackathon-announcements-${hackathonId}`;
export const hackathonSponsorsStream = (hackathonId: string) => `hackathon-sponsors-${hackathonId}`;
