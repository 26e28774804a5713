import { z } from 'zod';
import { CommunityMessageSchema, CommunityParticipantsSchema } from './community';

/** How many of a community's newest messages the console shows (the chat itself pages further back). */
export const ADMIN_COMMUNITY_MESSAGES = 100;

/** A row of the console's `communities` resource: one hackathon's community, with its counts. */
export const AdminCommunitySchema = z
  .strictObject({
    id: z.string().meta({ description: 'The hackathon id' }),
    title: z.string(),
    slug: z.string(),
    organiserId: z.string(),
    organiserUsername: z.string().nullable(),
    messages: z.number().int(),
    admins: z.number().int(),
    removed: z.number().int(),
    participants: z.number().int(),
  })
  .meta({ id: 'AdminCommunity' });
export type AdminCommunity = z.infer<typeof AdminCommunitySchema>;

/** One community in full: its newest messages, admins, removed users and participants. */
export const AdminCommunityDetailSchema = AdminCommunitySchema.extend({
  recentMessages: z.array(CommunityMessageSchema).meta({ description: `The newest ${ADMIN_COMMUNITY_MESSAGES}, oldest first` }),
  members: CommunityParticipantsSchema,
}).meta({ id: 'AdminCommunityDetail' });
export type AdminCommunityDetail = z.infer<typeof AdminCommunityDetailSchema>;

/** Add a community admin by username (what a moderator knows), POST /api/admin/communities/{id}/admins. */
export const AdminCommunityAdminBody = z.object({ username: z.string().trim().min(1, 'A username is required').max(100) });
