import type { ModerationKindType, ModerationPreview } from '@circuit/shared/api/admin-moderation';
import { HackathonContentSchema } from '@circuit/shared/events/hackathons';

/**
 * The kinds of listing the moderation queue holds. A kind is a read-model table with the columns
 * id, status ('pending' until reviewed), created_by, created_at, updated_at, content (jsonb) and a
 * title and slug column, plus how its public page shows it. Adding events or quizzes is one entry.
 */
export interface ModerationKind {
  type: ModerationKindType;
  table: string;
  titleColumn: string;
  slugColumn: string;
  publicPath(slug: string): string;
  /** The command routes of this kind's approve and reject (POST). */
  approvePath(id: string): string;
  rejectPath(id: string): string;
  preview(content: unknown): ModerationPreview;
}

const when = (iso: string) => (iso ? new Date(iso).toUTCString().replace(/:\d\d GMT$/, ' UTC') : '—');

export const hackathonKind: ModerationKind = {
  type: 'hackathon',
  table: 'hackathons',
  titleColumn: 'title',
  slugColumn: 'username',
  publicPath: (slug) => `/hackathons/${encodeURIComponent(slug)}`,
  approvePath: (id) => `/api/admin/hackathons/${id}/approve`,
  rejectPath: (id) => `/api/admin/hackathons/${id}/reject`,
  preview(raw) {
    const c = HackathonContentSchema.parse(raw);
    const place = c.location.type === 'online' || !c.location.type ? 'Online' : [c.location.city, c.location.state, c.location.country].filter(Boolean).join(', ') || c.location.type;
    const price = c.pricing.type === 'paid' && c.pricing.amount > 0 ? `${c.pricing.currency} ${c.pricing.amount}` : 'Free';
    return {
      bannerUrl: c.images.banner || null,
      logoUrl: c.images.logo || c.organization.logo || null,
      summary: c.shortDescription,
      descriptionHtml: c.description,
      facts: [
        { label: 'Organised by', value: c.organization.name || '—' },
        { label: 'Starts', value: when(c.dates.startDate) },
        { label: 'Ends', value: when(c.dates.endDate) },
        { label: 'Registration closes', value: when(c.dates.registrationDeadline) },
        { label: 'Where', value: place },
        { label: 'Entry', value: price },
        { label: 'Categories', value: c.categories.join(', ') || '—' },
        { label: 'Technologies', value: c.technologies.join(', ') || '—' },
      ],
    };
  },
};

/** Every kind in the queue; the lead adds eventKind and quizKind here when those features merge. */
export const MODERATION_KINDS: readonly ModerationKind[] = [hackathonKind];
