import type { ModerationKindType, ModerationPreview } from '@circuit/shared/api/admin-moderation';
import { EventContentSchema } from '@circuit/shared/events/event-listings';
import { HackathonContentSchema } from '@circuit/shared/events/hackathons';
import { QuizContentSchema } from '@circuit/shared/events/quizzes';
import { formatDateTime } from '@circuit/shared/time/format';

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

/** A date fact: the instant for the console, which writes it in its viewer's zone, and the same in UTC for any other reader. */
const when = (label: string, iso: string) => (Number.isFinite(Date.parse(iso)) ? { label, value: formatDateTime(iso, { timeZone: 'UTC' }), at: new Date(iso).toISOString() } : { label, value: '—' });

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
        when('Starts', c.dates.startDate),
        when('Ends', c.dates.endDate),
        when('Registration closes', c.dates.registrationDeadline),
        { label: 'Where', value: place },
        { label: 'Entry', value: price },
        { label: 'Categories', value: c.categories.join(', ') || '—' },
        { label: 'Technologies', value: c.technologies.join(', ') || '—' },
      ],
    };
  },
};

const label = (value: string) => value.replace(/[-_]/g, ' ').replace(/^./, (c) => c.toUpperCase());

export const eventKind: ModerationKind = {
  type: 'event',
  table: 'events',
  titleColumn: 'title',
  slugColumn: 'username',
  publicPath: (slug) => `/events/${encodeURIComponent(slug)}`,
  approvePath: (id) => `/api/admin/events/${id}/approve`,
  rejectPath: (id) => `/api/admin/events/${id}/reject`,
  preview(raw) {
    const c = EventContentSchema.parse(raw);
    const place = c.location.type === 'online' ? 'Online' : [c.location.address, c.location.city, c.location.state, c.location.country].filter(Boolean).join(', ') || label(c.location.type);
    const price = c.pricing.type === 'paid' && c.pricing.amount > 0 ? `${c.pricing.currency} ${c.pricing.amount}` : c.pricing.type === 'donation' ? 'Donation' : 'Free';
    return {
      bannerUrl: c.images.banner || null,
      logoUrl: c.images.logo || c.organization.logo || null,
      summary: c.shortDescription,
      descriptionHtml: c.description,
      facts: [
        { label: 'Organised by', value: c.organization.name || '—' },
        { label: 'Type', value: label(c.eventType) },
        { label: 'Category', value: label(c.category) },
        when('Starts', c.dates.startDate),
        when('Ends', c.dates.endDate),
        when('Registration closes', c.dates.registrationDeadline),
        { label: 'Where', value: place },
        { label: 'Entry', value: price },
        { label: 'Seats', value: c.maxAttendees > 0 ? String(c.maxAttendees) : 'Unlimited' },
        { label: 'Registrations on Circuit', value: c.takeRegistrations === 'false' ? 'No' : 'Yes' },
      ],
    };
  },
};

/** Quizzes have no slug: their public page is addressed by id. */
export const quizKind: ModerationKind = {
  type: 'quiz',
  table: 'quizzes',
  titleColumn: 'title',
  slugColumn: 'id',
  publicPath: (id) => `/quiz/${encodeURIComponent(id)}`,
  approvePath: (id) => `/api/admin/quizzes/${id}/approve`,
  rejectPath: (id) => `/api/admin/quizzes/${id}/reject`,
  preview(raw) {
    const c = QuizContentSchema.parse(raw);
    const price = c.pricing.type === 'paid' && c.pricing.amount > 0 ? `${c.pricing.currency} ${c.pricing.amount}` : 'Free';
    const points = c.questions.reduce((sum, q) => sum + q.points, 0);
    return {
      bannerUrl: c.image || null,
      logoUrl: null,
      summary: c.tags.length > 0 ? c.tags.map((t) => `#${t}`).join(' ') : '',
      descriptionHtml: c.description,
      facts: [
        { label: 'Category', value: label(c.category) },
        when('Registration opens', c.dates.registrationStartDate),
        when('Registration closes', c.dates.registrationEndDate),
        when('Starts', c.dates.startDate),
        when('Ends', c.dates.endDate),
        { label: 'Time limit', value: `${c.timeLimit} minutes` },
        { label: 'Questions', value: `${c.questions.length} (${points} points)` },
        { label: 'Passing score', value: `${c.passingScore}%` },
        { label: 'Seats', value: String(c.maxParticipants) },
        { label: 'Entry', value: price },
      ],
    };
  },
};

/** Every kind in the queue. */
export const MODERATION_KINDS: readonly ModerationKind[] = [hackathonKind, eventKind, quizKind];
