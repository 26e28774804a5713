import { z } from 'zod';
import { ANNOUNCEMENT_TYPES } from '../hackathons/options';
import { SponsorSchema } from './hackathons';
import { Timestamp } from './users';

/** The answers of /api/hackathons/{id}/announcements and /sponsors (spec 2 section 7). */

export const AnnouncementWinnerSchema = z
  .strictObject({
    rank: z.number().int(),
    track: z.string(),
    teamName: z.string(),
    projectName: z.string(),
    projectDescription: z.string(),
    prize: z.string(),
    teamMembers: z.array(
      z.strictObject({
        name: z.string(),
        email: z.string().meta({ description: 'Only for the hackathon’s creator and admins; empty for everyone else' }),
        role: z.string(),
      }),
    ),
    pptLink: z.string(),
    videoLink: z.string(),
  })
  .meta({ id: 'AnnouncementWinner' });
export type AnnouncementWinner = z.infer<typeof AnnouncementWinnerSchema>;

export const SpecialAwardSchema = z
  .strictObject({ category: z.string(), teamName: z.string(), projectName: z.string(), description: z.string() })
  .meta({ id: 'SpecialAward' });
export type SpecialAward = z.infer<typeof SpecialAwardSchema>;

export const AnnouncementSchema = z
  .strictObject({
    _id: z.string(),
    id: z.string(),
    hackathonId: z.string(),
    type: z.enum(ANNOUNCEMENT_TYPES),
    title: z.string(),
    content: z.string().meta({ description: 'Sanitised HTML' }),
    results: z
      .strictObject({ winners: z.array(AnnouncementWinnerSchema), specialAwards: z.array(SpecialAwardSchema) })
      .meta({ description: 'Winners by rank and special awards; empty unless the type is results' }),
    createdBy: z.strictObject({ _id: z.string(), username: z.string(), firstName: z.string(), lastName: z.string() }),
    createdAt: Timestamp,
    updatedAt: Timestamp,
  })
  .meta({ id: 'Announcement' });
export type Announcement = z.infer<typeof AnnouncementSchema>;

/** The hackathon the announcements belong to: enough to title the page and link back. */
export const AnnouncedHackathonSchema = z
  .strictObject({ _id: z.string(), username: z.string(), title: z.string(), canManage: z.boolean().meta({ description: 'Whether the viewer may add, edit and delete (its creator or an admin)' }) })
  .meta({ id: 'AnnouncedHackathon' });

export const AnnouncementListSchema = z
  .strictObject({ announcements: z.array(AnnouncementSchema).meta({ description: 'Newest first' }), hackathon: AnnouncedHackathonSchema })
  .meta({ id: 'AnnouncementList' });
export type AnnouncementList = z.infer<typeof AnnouncementListSchema>;

export const AnnouncementWrittenSchema = z.strictObject({ announcement: AnnouncementSchema }).meta({ id: 'AnnouncementWritten' });
export const AnnouncementDeletedSchema = z.strictObject({ _id: z.string(), id: z.string() }).meta({ id: 'AnnouncementDeleted' });

export const SponsorListSchema = z
  .strictObject({ sponsors: z.array(SponsorSchema).meta({ description: 'In tier order (platinum, gold, silver, bronze, community), then as added' }), hackathon: AnnouncedHackathonSchema })
  .meta({ id: 'SponsorList' });
export type SponsorList = z.infer<typeof SponsorListSchema>;
export const SponsorWrittenSchema = z.strictObject({ sponsor: SponsorSchema }).meta({ id: 'SponsorWritten' });
export const SponsorDeletedSchema = z.strictObject({ _id: z.string(), id: z.string() }).meta({ id: 'SponsorDeleted' });
