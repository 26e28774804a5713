import { z } from 'zod';

/** Profile events on the user stream `user-<id>`. Values are stored already validated and sanitised. */
export const ProfileFieldsSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  bio: z.string(),
  tagline: z.string(),
  website: z.string(),
  socialLinks: z.object({ github: z.string().optional(), linkedin: z.string().optional(), twitter: z.string().optional() }),
  country: z.string(),
  state: z.string(),
  address: z.string(),
  college: z.string(),
  course: z.string(),
  branch: z.string(),
  collegeYear: z.string(),
  skills: z.array(z.string()),
  mobile: z.string(),
});
export type ProfileFields = z.infer<typeof ProfileFieldsSchema>;

export const ProfileEventSchemas = {
  /** Only the fields that were sent; omitted optional fields keep their value. */
  ProfileUpdated: z.object({ changes: ProfileFieldsSchema.partial(), at: z.string() }),
  ProfilePictureChanged: z.object({ url: z.string(), at: z.string() }),
} as const;
