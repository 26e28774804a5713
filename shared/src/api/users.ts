import { z } from 'zod';
import { RoleSchema } from '../events/accounts';
import type { UpdateProfileBody } from '../validation/profile';

/**
 * The answer shapes of the user calls, once for the server's contract (OpenAPI) and the web apps'
 * types. Objects are strict: a field the server adds without saying so here fails the HTTP tests.
 */

export const Timestamp = z.iso.datetime({ offset: true }).meta({ description: 'An ISO 8601 instant in UTC' });

export const SocialLinksSchema = z
  .strictObject({ github: z.string().optional(), linkedin: z.string().optional(), twitter: z.string().optional() })
  .meta({ id: 'SocialLinks' });
export type SocialLinks = z.infer<typeof SocialLinksSchema>;

/** The short form of a user in lists, notifications and search results. */
export const UserSummarySchema = z
  .strictObject({
    _id: z.string(),
    id: z.string(),
    username: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    profilePicture: z.string().nullable(),
    tagline: z.string(),
    skills: z.array(z.string()),
  })
  .meta({ id: 'UserSummary' });
export type UserSummary = z.infer<typeof UserSummarySchema>;

const userFields = {
    _id: z.string(),
    id: z.string(),
    username: z.string(),
    email: z.string().optional().meta({ description: "Only in the owner's own view" }),
    mobile: z.string().nullable().optional().meta({ description: "Only in the owner's own view" }),
    firstName: z.string(),
    lastName: z.string(),
    role: RoleSchema,
    isEmailVerified: z.boolean(),
    isActive: z.boolean(),
    bio: z.string().meta({ description: 'Sanitised HTML' }),
    tagline: z.string(),
    website: z.string(),
    socialLinks: SocialLinksSchema,
    country: z.string(),
    state: z.string(),
    address: z.string(),
    college: z.string(),
    course: z.string(),
    branch: z.string(),
    collegeYear: z.string(),
    skills: z.array(z.string()),
    profilePicture: z.string().nullable(),
    followersCount: z.number().int(),
    followingCount: z.number().int(),
    connectionsCount: z.number().int(),
    createdAt: Timestamp,
    lastLogin: Timestamp.nullable(),
};

/** A profile; `email` and `mobile` only in the owner's own view. */
export const UserViewSchema = z.strictObject(userFields).meta({ id: 'User' });
export type User = z.infer<typeof UserViewSchema>;

/** The signed-in user's own profile (sign-in, /me, profile saves): e-mail and mobile always there. */
export const OwnUserSchema = z.strictObject({ ...userFields, email: z.string(), mobile: z.string().nullable() }).meta({ id: 'OwnUser' });
export type OwnUser = z.infer<typeof OwnUserSchema>;

export const ProfilePictureAnswerSchema = z.strictObject({ profilePicture: z.string(), user: OwnUserSchema }).meta({ id: 'ProfilePictureAnswer' });
export type ProfilePictureAnswer = z.infer<typeof ProfilePictureAnswerSchema>;

export const UserSearchPageSchema = z
  .strictObject({ users: z.array(UserSummarySchema), total: z.number().int(), page: z.number().int(), limit: z.number().int() })
  .meta({ id: 'UserSearchPage' });
export type UserSearchPage = z.infer<typeof UserSearchPageSchema>;

/** PUT /api/users/profile as a client sends it (the server's schema, input side). */
export type ProfileRequest = z.input<typeof UpdateProfileBody>;
