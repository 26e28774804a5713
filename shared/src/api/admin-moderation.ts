import { z } from 'zod';
import { Timestamp } from './users';

/**
 * The kinds of listing the moderation queue knows, with the console's label for each. A kind is
 * added here and in projection-service/src/admin/moderation/kinds.ts (its table and preview).
 */
export const MODERATION_KIND_LABELS = { hackathon: 'Hackathon', event: 'Event', quiz: 'Quiz' } as const satisfies Record<string, string>;
export type ModerationKindType = keyof typeof MODERATION_KIND_LABELS;

/**
 * A record of the admin console's `moderation` resource: one pending listing of any kind
 * (hackathon now; events and quizzes register their kind in projection-service/src/admin/moderation/kinds.ts).
 */
export const ModerationPreviewSchema = z
  .strictObject({
    bannerUrl: z.string().nullable(),
    logoUrl: z.string().nullable(),
    summary: z.string(),
    /** Sanitised on the server when the listing was stored; rendered as the public page renders it. */
    descriptionHtml: z.string(),
    /** Label and value pairs the public page shows near its title (dates, place, price...). */
    facts: z.array(
      z.strictObject({
        label: z.string(),
        value: z.string(),
        at: Timestamp.optional().meta({ description: "A date's instant, for the console to write in its viewer's zone (value gives it in UTC)" }),
      }),
    ),
  })
  .meta({ id: 'ModerationPreview' });
export type ModerationPreview = z.infer<typeof ModerationPreviewSchema>;

export const ModerationItemSchema = z
  .strictObject({
    id: z.string(),
    type: z.string().meta({ description: 'The kind of listing: hackathon, event, quiz' }),
    title: z.string(),
    slug: z.string(),
    organiserId: z.string(),
    organiserUsername: z.string().nullable(),
    organiserName: z.string().nullable(),
    submittedAt: Timestamp,
    updatedAt: Timestamp,
    /** Where the listing will be public once approved (staff may open it while pending). */
    publicPath: z.string(),
    /** The command routes the console posts to (`{ reason }` for reject). */
    approvePath: z.string(),
    rejectPath: z.string(),
    preview: ModerationPreviewSchema,
  })
  .meta({ id: 'ModerationItem' });
export type ModerationItem = z.infer<typeof ModerationItemSchema>;
